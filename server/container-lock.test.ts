// The DATA_DIR lock with real processes: a live owner refuses others, a dead one (SIGKILL) never
// blocks, whatever its pid, and a DATA_DIR too long for a socket path is locked all the same.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { acquireDataDirLock, DataDirLockedError, LOCK_NAME, lockAddress } from './db/data-dir-lock.ts'

const root = path.resolve(import.meta.dirname, '..')
const dirs: string[] = []
const children: ChildProcess[] = []
afterAll(() => {
  children.forEach((child) => child.kill('SIGKILL'))
  dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }))
})

function tempDir(minLength = 0) {
  let dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-lock-'))
  dirs.push(dir)
  while (dir.length < minLength) dir = path.join(dir, 'a-rather-long-directory-name')
  fs.mkdirSync(dir, { recursive: true })
  return dir
}

// A separate process that takes the lock, says so, and holds it until killed (or for holdMs).
const HOLDER = `
import { acquireDataDirLock } from './server/db/data-dir-lock.ts'
const [dataDir, useProc, holdMs, startAt] = process.argv.slice(1)
await new Promise((r) => setTimeout(r, Number(startAt) - Date.now()))
try {
  const release = await acquireDataDirLock(dataDir, { useProc: useProc === 'proc' })
  console.log('won')
  setTimeout(() => { release(); process.exit(0) }, Number(holdMs))
} catch (error) {
  console.log(error.constructor.name === 'DataDirLockedError' ? 'refused: ' + error.message : 'failed: ' + error.message)
}
`

function holder(dataDir: string, options: { useProc?: boolean; holdMs?: number; startAt?: number } = {}) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      HOLDER,
      dataDir,
      options.useProc === false ? 'tmp' : 'proc',
      String(options.holdMs ?? 600_000),
      String(options.startAt ?? 0),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  )
  children.push(child)
  let output = ''
  const said = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      output += d
      if (output.includes('\n')) resolve(output.trim())
    })
    child.on('exit', () => (output ? resolve(output.trim()) : reject(new Error('holder said nothing'))))
  })
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  return { child, said, exited }
}

async function killHard(h: ReturnType<typeof holder>) {
  h.child.kill('SIGKILL')
  await h.exited
}

describe('the DATA_DIR lock', { timeout: 60_000 }, () => {
  it('refuses while another process holds it, naming it; a SIGKILLed owner does not block', async () => {
    const dataDir = tempDir()
    const owner = holder(dataDir)
    expect(await owner.said).toBe('won')
    expect(fs.statSync(path.join(dataDir, LOCK_NAME)).isSocket()).toBe(true)

    const refused = acquireDataDirLock(dataDir)
    await expect(refused).rejects.toThrow(DataDirLockedError)
    await expect(refused).rejects.toThrow(new RegExp(`in use by process ${owner.child.pid} on host ${os.hostname()}`))

    await killHard(owner)
    // The dead owner's socket file is still there; only the kernel knows nobody listens on it.
    expect(fs.statSync(path.join(dataDir, LOCK_NAME)).isSocket()).toBe(true)
    const release = await acquireDataDirLock(dataDir)
    release()
    expect(fs.existsSync(path.join(dataDir, LOCK_NAME))).toBe(false)
  })

  it('takes over a pid file of an older version naming a live process (process 1, as in a container)', async () => {
    const dataDir = tempDir()
    fs.writeFileSync(path.join(dataDir, LOCK_NAME), '1')
    const release = await acquireDataDirLock(dataDir)
    expect(fs.statSync(path.join(dataDir, LOCK_NAME)).isSocket()).toBe(true)
    release()
  })

  it('lets exactly one of several processes starting together over a dead lock win', async () => {
    // Two rounds: a winner binds before it listens, and in between its socket refuses connections
    // as a dead one does (a CI run once saw two winners before binding moved under the guard).
    for (let round = 0; round < 2; round++) {
      const dataDir = tempDir()
      const dead = holder(dataDir)
      expect(await dead.said).toBe('won')
      await killHard(dead)
      // All start asking at the same moment (once loaded), so their checks and removals interleave.
      const startAt = Date.now() + 3_000
      const racers = Array.from({ length: 6 }, () => holder(dataDir, { holdMs: 8_000, startAt }))
      const said = await Promise.all(racers.map((r) => r.said))
      expect(said.filter((s) => s === 'won')).toHaveLength(1)
      expect(said.filter((s) => s.startsWith('refused: ') && s.includes('in use by process'))).toHaveLength(5)
      await Promise.all(racers.map(killHard))
    }
  })

  it('locks a DATA_DIR too long for a socket path through /proc/self/fd, with the socket in DATA_DIR', async () => {
    const dataDir = tempDir(150)
    expect(Buffer.byteLength(path.join(dataDir, LOCK_NAME))).toBeGreaterThan(108)
    const address = lockAddress(dataDir)
    address.done()
    expect(address.address).toMatch(/^\/proc\/self\/fd\/\d+\/server\.lock$/)

    const owner = holder(dataDir)
    expect(await owner.said).toBe('won')
    expect(fs.statSync(path.join(dataDir, LOCK_NAME)).isSocket()).toBe(true)
    await expect(acquireDataDirLock(dataDir)).rejects.toThrow(`in use by process ${owner.child.pid}`)
    await killHard(owner)
    const release = await acquireDataDirLock(dataDir)
    expect(fs.statSync(path.join(dataDir, LOCK_NAME)).isSocket()).toBe(true)
    release()
    expect(fs.existsSync(path.join(dataDir, LOCK_NAME))).toBe(false)
  })

  it('without /proc, locks a long DATA_DIR through a short name in the temporary directory', async () => {
    const dataDir = tempDir(150)
    const address = lockAddress(dataDir, { useProc: false })
    expect(address.address).toBe(address.file)
    expect(path.dirname(address.file)).toBe(os.tmpdir())
    expect(Buffer.byteLength(address.address)).toBeLessThanOrEqual(103)
    // The same directory reached by another spelling gets the same name.
    const link = path.join(tempDir(150), 'link')
    fs.symlinkSync(dataDir, link)
    expect(lockAddress(link, { useProc: false }).address).toBe(address.address)

    const owner = holder(dataDir, { useProc: false })
    expect(await owner.said).toBe('won')
    expect(fs.statSync(address.file).isSocket()).toBe(true)
    await expect(acquireDataDirLock(dataDir, { useProc: false })).rejects.toThrow(
      `in use by process ${owner.child.pid}`,
    )
    await killHard(owner)
    const release = await acquireDataDirLock(dataDir, { useProc: false })
    release()
    expect(fs.existsSync(address.file)).toBe(false)
  })
})
