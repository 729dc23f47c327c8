// Unsaved work in the content editor kept in the browser (IndexedDB), so a crash, a closed tab or an
// expired session loses nothing: one draft per user, page and section (the newest typing wins),
// holding the text and the page version it was based on. Strings up to 10 MB are stored as they
// are: IndexedDB copies them without JSON. See docs/decisions/038-section-editing.md.
//
// A draft belongs to the user who wrote it (decision 044): every read and write names the user, so
// another person logging in on the same browser is never offered it; logging out clears the user's
// drafts; a draft not written to for DRAFT_LIFETIME_DAYS is removed (when read, and on start).
import { openDB } from 'idb'
import type { DBSchema, IDBPCursor, IDBPDatabase, IDBPTransaction } from 'idb'
import { DRAFTS_DATABASE } from '#client/features/editor-drafts/remove-expired-on-start.ts'

export interface LocalDraft {
  /** The user who wrote it: the only one it is ever offered to. */
  userId: number
  pageId: number
  /** The heading id of the section being edited, '' for the whole page. */
  section: string
  /** The page version the editor had loaded when the draft was written. */
  baseVersion: number
  text: string
  /** Epoch milliseconds of the last write. */
  savedAt: number
}

/** How long a draft is kept after its last write. */
export const DRAFT_LIFETIME_DAYS = 14
const DRAFT_LIFETIME_MS = DRAFT_LIFETIME_DAYS * 24 * 60 * 60 * 1000

/** Too old to offer: written DRAFT_LIFETIME_DAYS or more before `now`. */
export function isExpired(draft: Pick<LocalDraft, 'savedAt'>, now: number): boolean {
  return !(now - draft.savedAt < DRAFT_LIFETIME_MS)
}

/** A draft this user may be shown: theirs and not expired. Anything else is as good as absent. */
export function usableDraft(draft: LocalDraft | undefined, userId: number, now: number): LocalDraft | undefined {
  return draft && draft.userId === userId && !isExpired(draft, now) ? draft : undefined
}

interface DraftDatabase extends DBSchema {
  drafts: {
    key: [number, number, string]
    value: LocalDraft
    // keys only: counting, clearing and expiring never copy a draft's text
    indexes: { byUser: [number, number]; bySavedAt: number }
  }
}

let opened: Promise<IDBPDatabase<DraftDatabase>> | null = null

function database(): Promise<IDBPDatabase<DraftDatabase>> {
  opened ??= openDB<DraftDatabase>(DRAFTS_DATABASE, 2, {
    upgrade(db, oldVersion) {
      // Version 1 kept drafts without their writer: nobody can tell whose they are, so they go
      // rather than be offered to whoever opens the page next.
      if (oldVersion >= 1 && db.objectStoreNames.contains('drafts')) db.deleteObjectStore('drafts')
      const drafts = db.createObjectStore('drafts', { keyPath: ['userId', 'pageId', 'section'] })
      drafts.createIndex('byUser', ['userId', 'savedAt'])
      drafts.createIndex('bySavedAt', 'savedAt')
    },
    // A newer version of the app in another tab needs this connection closed to upgrade; the next
    // call here opens the database again (and finds it newer, so this old tab fails and warns).
    blocking(_version, _newer, event) {
      ;(event.target as IDBDatabase).close()
      opened = null
    },
    terminated() {
      opened = null
    },
  }).catch((failure: unknown) => {
    // private windows and blocked storage: try again next time rather than keep a failed promise
    opened = null
    throw failure
  })
  return opened
}

/** The user's draft of this page and section, if one is kept and not expired (an expired one goes). */
export async function readDraft(
  userId: number,
  pageId: number,
  section: string,
  now = Date.now(),
): Promise<LocalDraft | undefined> {
  const db = await database()
  const stored = await db.get('drafts', [userId, pageId, section])
  if (stored && isExpired(stored, now)) await db.delete('drafts', [userId, pageId, section])
  return usableDraft(stored, userId, now)
}

/**
 * 'strict': the write is on disk before it counts as done. Chromium's default ('relaxed') reports it
 * done earlier, and a crash or a tab closed at once could then lose the very draft meant to survive it.
 */
export async function writeDraft(draft: LocalDraft): Promise<void> {
  const transaction = (await database()).transaction('drafts', 'readwrite', { durability: 'strict' })
  await Promise.all([transaction.store.put(draft), transaction.done])
}

export async function deleteDraft(userId: number, pageId: number, section: string): Promise<void> {
  await (await database()).delete('drafts', [userId, pageId, section])
}

/** The newest time a draft written at or before it has expired by `now`. */
const lastExpiredTime = (now: number) => now - DRAFT_LIFETIME_MS

/** How many drafts this user has that are not expired: unsaved work a logout would throw away. */
export async function countDrafts(userId: number, now = Date.now()): Promise<number> {
  const live = IDBKeyRange.bound([userId, lastExpiredTime(now)], [userId, Infinity], true, false)
  return (await database()).countFromIndex('drafts', 'byUser', live)
}

/** Deletes every key the cursor walks, in its transaction. */
async function deleteAll(transaction: IDBPTransaction<DraftDatabase, ['drafts'], 'readwrite'>, cursor: KeyCursor) {
  let at = await cursor
  let count = 0
  while (at) {
    void transaction.store.delete(at.primaryKey)
    count++
    at = await at.continue()
  }
  await transaction.done
  return count
}

type KeyCursor = Promise<IDBPCursor<DraftDatabase, ['drafts'], 'drafts', 'byUser' | 'bySavedAt', 'readwrite'> | null>

/** Removes every draft of this user (at logout); how many went. */
export async function clearDrafts(userId: number): Promise<number> {
  const transaction = (await database()).transaction('drafts', 'readwrite', { durability: 'strict' })
  const all = IDBKeyRange.bound([userId, -Infinity], [userId, Infinity])
  return deleteAll(transaction, transaction.store.index('byUser').openKeyCursor(all))
}

/** Removes every user's expired drafts (on start); how many went. */
export async function removeExpiredDrafts(now = Date.now()): Promise<number> {
  const transaction = (await database()).transaction('drafts', 'readwrite')
  const expired = IDBKeyRange.upperBound(lastExpiredTime(now))
  return deleteAll(transaction, transaction.store.index('bySavedAt').openKeyCursor(expired))
}

export interface DraftOffer {
  draft: LocalDraft
  /** The page was saved again after the draft's version: restoring it would undo those changes. */
  pageChangedSince: boolean
}

/** A draft worth offering: one whose text differs from the text the editor opened with. */
export function draftOffer(draft: LocalDraft | undefined, savedText: string, version: number): DraftOffer | null {
  if (!draft || draft.text === savedText) return null
  return { draft, pageChangedSince: draft.baseVersion !== version }
}
