// Where a reader stopped in each page, kept in this browser (localStorage) only: the block at the
// top of the view when they left it, for the reader to offer to go back there, and the pages read
// most recently, for the home page. Nothing of it goes to the server.

const KEY = 'reading-history'
/** Pages remembered; the oldest read is forgotten first. */
export const HISTORY_PAGES = 50

export interface ReadingPlace {
  contentId: number
  title: string
  /** The block at the top of the view, or null when the reader was at the page's start. */
  blockId: string | null
  /** When the page was last read (ms since 1970). */
  at: number
}

type Store = Pick<Storage, 'getItem' | 'setItem'>

/** localStorage, or nothing when the browser refuses it (private modes, disabled storage). */
function browserStore(): Store | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

const isPlace = (value: unknown): value is ReadingPlace => {
  if (typeof value !== 'object' || value === null) return false
  const place = value as Record<string, unknown>
  return (
    Number.isSafeInteger(place.contentId) &&
    (place.contentId as number) > 0 &&
    typeof place.title === 'string' &&
    (place.blockId === null || typeof place.blockId === 'string') &&
    typeof place.at === 'number'
  )
}

/** Every remembered place, most recent first; whatever is unreadable is left out. */
export function readHistory(store: Store | null = browserStore()): ReadingPlace[] {
  try {
    const parsed = JSON.parse(store?.getItem(KEY) ?? '[]') as unknown
    return Array.isArray(parsed) ? parsed.filter(isPlace).sort((a, b) => b.at - a.at) : []
  } catch {
    return []
  }
}

export function placeOf(contentId: number, store: Store | null = browserStore()): ReadingPlace | null {
  return readHistory(store).find((place) => place.contentId === contentId) ?? null
}

/** Notes where the reader is in a page now; a full or refusing store keeps what it had. */
export function rememberPlace(place: ReadingPlace, store: Store | null = browserStore()) {
  if (!store) return
  const others = readHistory(store).filter((known) => known.contentId !== place.contentId)
  try {
    store.setItem(KEY, JSON.stringify([place, ...others].slice(0, HISTORY_PAGES)))
  } catch {
    // quota exceeded or storage disabled: the place is not kept, reading goes on
  }
}
