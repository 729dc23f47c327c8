// Everything one application instance keeps in memory (caches, the processing worker and its queue,
// background work), made by buildApp and handed to the route plugins beside `db`, so two apps in one
// process share nothing. Guards that must hold across processes (one reprocessing at a time) live in
// the database instead (server/db/job-lock.ts).
import type { Db } from './db/client.ts'
import { TextCache } from './lib/text-cache.ts'
import { closeContentContext, createContentContext, type ContentContext } from './modules/content/content-state.ts'

export interface AppState {
  content: ContentContext
  /** Term descriptions as sent (sanitised again), keyed by the stored text. */
  termDescriptions: TextCache
}

export function createAppState(db: Db): AppState {
  return { content: createContentContext(db), termDescriptions: new TextCache(8 * 1024 * 1024) }
}

/** Lets background work finish and stops the processing worker (before the database closes). */
export async function closeAppState(state: AppState): Promise<void> {
  await closeContentContext(state.content)
}
