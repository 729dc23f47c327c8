// The step `npm start` runs first, in a copy of the repository's shape without the build tools.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'

const repo = path.resolve(import.meta.dirname, '..')
const install = fs.mkdtempSync(path.join(os.tmpdir(), 'build-client-'))
afterAll(() => fs.rmSync(install, { recursive: true, force: true }))
fs.mkdirSync(path.join(install, 'scripts'))
fs.copyFileSync(
  path.join(repo, 'scripts/build-client-if-missing.ts'),
  path.join(install, 'scripts/build-client-if-missing.ts'),
)
fs.mkdirSync(path.join(install, 'client'))
fs.writeFileSync(path.join(install, 'client/main.tsx'), '')

// tsx comes from this repository (run from its folder); the copy itself has no node_modules.
const run = () =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(install, 'scripts/build-client-if-missing.ts')], {
    cwd: repo,
    encoding: 'utf8',
  })

it('stops with one line when there is neither a built client nor vite', () => {
  const result = run()
  expect(result.status).toBe(1)
  expect(result.stderr.trim()).toBe(
    'dist/client is missing and vite is not installed (a production install): run npm run build first, or use a release archive.',
  )
})

it('serves a built client without vite, even one older than the sources', () => {
  fs.mkdirSync(path.join(install, 'dist/client'), { recursive: true })
  fs.writeFileSync(path.join(install, 'dist/client/index.html'), '<!doctype html>')
  const old = new Date('2020-01-01')
  fs.utimesSync(path.join(install, 'dist/client/index.html'), old, old)
  const result = run()
  expect(result.status).toBe(0)
  expect(result.stdout + result.stderr).toBe('')
})
