// `npm start` runs this first: builds the client when dist/client is missing or older than its sources.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const built = path.join(root, 'dist/client/index.html')

function newestMtime(dir: string): number {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs)
  }
  return newest
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0
const sourcesAt = Math.max(newestMtime(path.join(root, 'client')), newestMtime(path.join(root, 'shared')))
if (builtAt < sourcesAt) {
  console.log('Building the client (once; takes a few seconds)…')
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  )
  if (result.status !== 0) process.exit(result.status ?? 1)
}
