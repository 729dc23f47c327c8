// The search page's address (/otsing?q=…&books=…&lexicon=false&page=2): everything the page shows
// is in it, so a search can be shared, bookmarked and gone back to. Pure: tested with tables.
import { SEARCH_MAX_PAGE } from '#shared/limits.ts'

export const SEARCH_PAGE_PATH = '/otsing'

export interface SearchPageState {
  q: string
  /** null: every book (no `books`); an empty list: none chosen. */
  bookIds: readonly number[] | null
  includeLexicon: boolean
  page: number
}

const MAX_QUERY_CHARS = 500
const MAX_BOOK_ID = 2_147_483_647

/** The page's state from its query string; anything malformed counts as not given. */
export function readSearchPageState(params: URLSearchParams): SearchPageState {
  const q = (params.get('q') ?? '').trim().slice(0, MAX_QUERY_CHARS)
  const books = params.get('books')
  let bookIds: number[] | null = null
  if (books !== null) {
    const parts = books === '' ? [] : books.split(',')
    const ids = parts.map((part) => (/^[0-9]{1,10}$/.test(part) ? Number(part) : NaN))
    if (ids.every((id) => id >= 1 && id <= MAX_BOOK_ID)) bookIds = [...new Set(ids)]
  }
  const pageText = params.get('page') ?? ''
  const page = /^[0-9]{1,7}$/.test(pageText) ? Number(pageText) : 1
  return {
    q,
    bookIds,
    includeLexicon: params.get('lexicon') !== 'false',
    page: page >= 1 && page <= SEARCH_MAX_PAGE ? page : 1,
  }
}

/** The page's address for a state; the defaults (every book, the lexicon, page 1) are left out. */
export function searchPageHref(state: Partial<SearchPageState> & Pick<SearchPageState, 'q'>): string {
  const params = new URLSearchParams({ q: state.q })
  if (state.bookIds) params.set('books', [...state.bookIds].sort((a, b) => a - b).join(','))
  if (state.includeLexicon === false) params.set('lexicon', 'false')
  if (state.page !== undefined && state.page > 1) params.set('page', String(state.page))
  return `${SEARCH_PAGE_PATH}?${params}`
}
