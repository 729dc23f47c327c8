// Unsaved work in the content editor kept in the browser (IndexedDB), so a crash or a closed tab
// loses nothing: one draft per page and section (the newest typing wins), holding the text and the
// page version it was based on. Strings up to 10 MB are stored as they are: IndexedDB copies them
// without JSON. See docs/decisions/038-section-editing.md.
import { openDB } from 'idb'
import type { DBSchema, IDBPDatabase } from 'idb'

export interface LocalDraft {
  pageId: number
  /** The heading id of the section being edited, '' for the whole page. */
  section: string
  /** The page version the editor had loaded when the draft was written. */
  baseVersion: number
  text: string
  /** Epoch milliseconds of the last write. */
  savedAt: number
}

interface DraftDatabase extends DBSchema {
  drafts: { key: [number, string]; value: LocalDraft }
}

const DATABASE = 'content-editor-drafts'

let opened: Promise<IDBPDatabase<DraftDatabase>> | null = null

function database(): Promise<IDBPDatabase<DraftDatabase>> {
  opened ??= openDB<DraftDatabase>(DATABASE, 1, {
    upgrade(db) {
      db.createObjectStore('drafts', { keyPath: ['pageId', 'section'] })
    },
  }).catch((failure: unknown) => {
    // private windows and blocked storage: try again next time rather than keep a failed promise
    opened = null
    throw failure
  })
  return opened
}

export async function readDraft(pageId: number, section: string): Promise<LocalDraft | undefined> {
  return (await database()).get('drafts', [pageId, section])
}

/**
 * 'strict': the write is on disk before it counts as done. Chromium's default ('relaxed') reports it
 * done earlier, and a crash or a tab closed at once could then lose the very draft meant to survive it.
 */
export async function writeDraft(draft: LocalDraft): Promise<void> {
  const transaction = (await database()).transaction('drafts', 'readwrite', { durability: 'strict' })
  await Promise.all([transaction.store.put(draft), transaction.done])
}

export async function deleteDraft(pageId: number, section: string): Promise<void> {
  await (await database()).delete('drafts', [pageId, section])
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
