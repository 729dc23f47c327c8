// On every start of the app, once the page has loaded and the browser is idle, the content editor's
// drafts that have expired are removed (decision 044), whoever wrote them and whether or not anyone
// logs in. Only a browser that holds the drafts' database at all loads the drafts' code (and idb):
// a visitor's page costs one indexedDB.databases() call.
/** The IndexedDB database of the content editor's drafts (local-drafts.ts). */
export const DRAFTS_DATABASE = 'content-editor-drafts'
const IDLE_TIMEOUT_MS = 5000

function warn(failure: unknown) {
  console.warn('Expired drafts could not be removed', failure)
}

async function removeExpired() {
  const databases = await indexedDB.databases()
  if (!databases.some((database) => database.name === DRAFTS_DATABASE)) return
  const drafts = await import('#client/features/admin/content/content-editor/local-drafts.ts')
  await drafts.removeExpiredDrafts()
}

export function removeExpiredDraftsOnStart() {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return
  const run = () => void removeExpired().catch(warn)
  const whenIdle = () =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS })
      : setTimeout(run, 0)
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}
