// Starts a worker thread from a TypeScript file. Node 20 does not apply the parent's loader hooks to
// a worker's entry file, so the worker first registers tsx itself and then imports the real module.
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker, type WorkerOptions } from 'node:worker_threads'

const require = createRequire(import.meta.url)
const tsxApi = pathToFileURL(
  path.join(path.dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs'),
).href

export function startTsWorker(moduleUrl: URL, options: Omit<WorkerOptions, 'eval'> = {}): Worker {
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(moduleUrl.href)}) })`
  return new Worker(bootstrap, { ...options, eval: true })
}
