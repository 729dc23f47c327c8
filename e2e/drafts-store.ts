// The content editor's drafts as the browser keeps them (IndexedDB 'content-editor-drafts', decision
// 044), read and changed from the page for the browser tests. Reading never creates the database.
import type { Page } from '@playwright/test'

export interface StoredDraft {
  userId: number
  pageId: number
  section: string
  baseVersion: number
  text: string
  savedAt: number
}

/** Every draft this browser holds, of every user ([] when there is no database). */
export async function storedDrafts(page: Page): Promise<StoredDraft[]> {
  return page.evaluate(
    () =>
      new Promise<StoredDraft[]>((resolve) => {
        const opening = indexedDB.open('content-editor-drafts')
        // no database yet: do not make an empty one
        opening.onupgradeneeded = () => opening.transaction?.abort()
        opening.onerror = () => resolve([])
        opening.onsuccess = () => {
          const db = opening.result
          if (!db.objectStoreNames.contains('drafts')) {
            db.close()
            return resolve([])
          }
          const read = db.transaction('drafts').objectStore('drafts').getAll()
          read.onsuccess = () => {
            db.close()
            resolve(read.result as StoredDraft[])
          }
          read.onerror = () => {
            db.close()
            resolve([])
          }
        }
      }),
  )
}

/** The text of the whole-page draft of this page, of any user ('' when none). */
export async function storedDraftText(page: Page, pageId: number): Promise<string> {
  const drafts = await storedDrafts(page)
  return drafts.find((draft) => draft.pageId === pageId && draft.section === '')?.text ?? ''
}

/** Writes drafts as they are (the database must exist: the editor has kept a draft before). */
export async function putDrafts(page: Page, drafts: StoredDraft[]): Promise<void> {
  await page.evaluate(
    (records) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('content-editor-drafts')
        opening.onerror = () => reject(new Error('the drafts database did not open'))
        opening.onsuccess = () => {
          const db = opening.result
          const transaction = db.transaction('drafts', 'readwrite')
          for (const record of records) transaction.objectStore('drafts').put(record)
          transaction.oncomplete = () => {
            db.close()
            resolve()
          }
          transaction.onerror = () => reject(new Error('the drafts were not written'))
        }
      }),
    drafts,
  )
}
