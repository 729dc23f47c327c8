// Reprocessing is a background job: tests start it and wait for its end through the API.
import type { App } from '../app.ts'

/** POSTs a run and waits until its job is no longer running; answers the POST and the final job. */
export async function reprocessAndWait(app: App, cookie: string, timeoutMs = 60_000) {
  const started = await app.inject({ method: 'POST', url: '/api/admin/reprocess-headers', headers: { cookie } })
  if (started.statusCode !== 202) return { started, job: null }
  return { started, job: await waitForReprocessing(app, cookie, timeoutMs) }
}

/** Polls GET /api/admin/reprocess-headers until the job is not running. */
export async function waitForReprocessing(app: App, cookie: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const status = await app.inject({ url: '/api/admin/reprocess-headers', headers: { cookie } })
    const job = status.json().job
    if (job && job.state !== 'running') return job
    if (Date.now() > deadline) throw new Error(`Reprocessing still running after ${timeoutMs} ms: ${status.body}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
