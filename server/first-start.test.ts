// A fresh site as an operator starts it (decision 058): one human line with the address and how to
// create the first administrator, with a setup code that works once and never enters the JSON logs.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../test-support/free-port.ts'

const root = path.resolve(import.meta.dirname, '..')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-first-'))
const PORT = await freePort()
const SITE = `http://127.0.0.1:${PORT}`
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

function startServer() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d) => (stdout += d))
  child.stderr.on('data', (d) => (stderr += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const stop = async () => {
    child.kill('SIGTERM')
    return exited
  }
  return { stop, stdout: () => stdout, stderr: () => stderr }
}

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const found = await probe()
    if (found !== undefined) return found
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`timed out waiting for ${what}`)
}

const register = (headers: Record<string, string>) =>
  fetch(`${SITE}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ username: 'first', password: 'a long enough password' }),
  })

describe('first start', { timeout: 120_000 }, () => {
  it('prints the address and a setup code once, which a request through a proxy can use, once', async () => {
    const server = startServer()
    try {
      const line = await waitFor('the start-up line', () => server.stderr().match(/^Open .*$/m)?.[0])
      expect(line).toContain(`Open ${SITE}/ — no administrator yet`)
      expect(line).toContain('npm run user:create -- NAME')
      const code = line.match(/X-Setup-Code: ([A-Z2-7-]+)/)![1]!
      expect(server.stderr().split(code)).toHaveLength(2) // printed once

      // A request a proxy forwarded (X-Forwarded-For) needs the code, although it comes from 127.0.0.1.
      const proxied = { 'x-forwarded-for': '203.0.113.9' }
      expect((await register(proxied)).status).toBe(403)
      expect((await register({ ...proxied, 'x-setup-code': code })).status).toBe(201)
      expect((await register({ ...proxied, 'x-setup-code': code })).status).toBe(403)
    } finally {
      expect(await server.stop(), server.stderr()).toBe(0)
    }
    const code = server.stderr().match(/X-Setup-Code: ([A-Z2-7-]+)/)![1]!
    const logLines = server.stdout().trim().split('\n')
    expect(logLines.length).toBeGreaterThan(3)
    for (const logLine of logLines) {
      expect(() => JSON.parse(logLine), logLine).not.toThrow()
      expect(logLine).not.toContain(code)
      expect(logLine).not.toContain(code.replaceAll('-', ''))
    }
    expect(server.stdout()).toContain('"msg":"user registered"')

    // Once a user exists, the line is the address alone, with no code.
    const again = startServer()
    try {
      const line = await waitFor('the start-up line', () => again.stderr().match(/^Open .*$/m)?.[0])
      expect(line).toBe(`Open ${SITE}/`)
      expect(again.stderr()).not.toContain('X-Setup-Code')
    } finally {
      expect(await again.stop(), again.stderr()).toBe(0)
    }
  })
})
