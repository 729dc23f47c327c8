// `npm start` runs this first: builds the client when dist/client is missing or older than its sources.
// A production install (`npm ci --omit=dev`) has no vite: there the built client must come with the
// release, and its absence stops the start with one line.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const built = path.join(root, 'dist/client/index.html')
const vite = path.join(root, 'node_modules/vite/bin/vite.js')

function newestMtime(dir: string): number {
  if (!fs.existsSync(dir)) return 0
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs)
  }
  return newest
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0
if (!fs.existsSync(vite)) {
  // Without the build tools a built client is served as it is, whatever the sources' dates.
  if (builtAt === 0) {
    console.error(
      'dist/client is missing and vite is not installed (a production install): run npm run build first, or use a release archive.',
    )
    process.exit(1)
  }
} else {
  const sourcesAt = Math.max(newestMtime(path.join(root, 'client')), newestMtime(path.join(root, 'shared')))
  if (builtAt < sourcesAt) {
    console.log('Building the client (once; takes a few seconds)…')
    const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' })
    if (result.status !== 0) process.exit(result.status ?? 1)
  }
}
