// `npm start` and the tests, bench and drills that start the server as a process run it the same way.
import fs from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { SERVER_ENV, SERVER_NODE_ARGS } from '../test-support/server-process.ts'

it('package.json starts the server with the flags and environment the tests use', () => {
  const packageJson = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8')) as {
    scripts: Record<string, string>
  }
  const serverCommand = packageJson.scripts.start!.split('&&').at(-1)!.trim()
  const environment = Object.entries(SERVER_ENV).map(([name, value]) => `${name}=${value}`)
  expect(serverCommand).toBe([...environment, 'node', ...SERVER_NODE_ARGS].join(' '))
})
