// Everything one application instance keeps in memory (caches, the processing worker and its queue,
// background work), made by buildApp and handed to the route plugins beside `db`, so two apps in one
// process share nothing. Guards that must hold across processes (one reprocessing at a time) live in
// the database instead (server/db/job-lock.ts).
import type { Db } from './db/client.ts'
import { TextCache } from './lib/text-cache.ts'
import {
  closeContentContext,
  createContentContext,
  startContentContext,
  type ContentContext,
} from './modules/content/content-state.ts'

export interface AppState {
  content: ContentContext
  /** Term descriptions as sent (sanitised again), keyed by the stored text. */
  termDescriptions: TextCache
}

/** `databaseUrl`: PostgreSQL's, where the app listens for other processes' page changes. */
export async function createAppState(db: Db, databaseUrl?: string): Promise<AppState> {
  const content = createContentContext(db, { databaseUrl })
  await startContentContext(content)
  return { content, termDescriptions: new TextCache(8 * 1024 * 1024) }
}

/**
 * Administrators' write requests (any method but GET, HEAD and OPTIONS) tell the page states when
 * they start and end: nothing is kept while one runs, and on PostgreSQL the answer waits until other processes have
 * been told of the change (server/modules/content/page-states.ts).
 */
export function isWriteRequest(method: string) {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS'
}

/** Lets background work finish, stops the processing worker and the listener (before the database closes). */
export async function closeAppState(state: AppState): Promise<void> {
  await closeContentContext(state.content)
}
