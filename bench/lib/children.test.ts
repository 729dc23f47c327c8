import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const children = fileURLToPath(new URL('./children.ts', import.meta.url))

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('the bench’s child processes', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('are killed when the bench gets %s', async (signal) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-children-'))
    const script = path.join(dir, 'parent.ts')
    fs.writeFileSync(
      script,
      `import { spawn } from 'node:child_process'
import { track } from ${JSON.stringify(children)}
const child = track(spawn('sleep', ['60'], { stdio: 'ignore' }))
process.stdout.write(String(child.pid) + '\\n')
setInterval(() => {}, 1000)
`,
    )
    const parent = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] })
    try {
      const pid = await new Promise<number>((resolve, reject) => {
        parent.stdout.once('data', (data: Buffer) => resolve(Number(data.toString().trim())))
        parent.once('exit', (code) => reject(new Error(`the parent exited ${code}`)))
      })
      expect(alive(pid)).toBe(true)
      const exited = new Promise<number | null>((resolve) => parent.once('exit', resolve))
      parent.kill(signal)
      expect(await exited).toBe(signal === 'SIGTERM' ? 143 : 130)
      await expect.poll(() => alive(pid), { timeout: 5_000 }).toBe(false)
    } finally {
      parent.kill('SIGKILL')
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
