// Where the saved books' record lives (offline-books.ts), apart from that module so the reader can
// tell whether any book is saved without loading it on every visitor's first page.
export const SAVED_BOOKS_KEY = 'offline-books-v1'

export function anyBookSaved(): boolean {
  try {
    const raw = localStorage.getItem(SAVED_BOOKS_KEY)
    return raw !== null && raw !== '{}'
  } catch {
    return false
  }
}
