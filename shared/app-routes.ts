// The site's pages (product spec §2 and our own): the client router is built from these paths
// (client/router.tsx) and the server answers 404 to any path that is none of them
// (server/http/static.ts), so a crawler or monitor hears "not found" exactly where a reader sees
// the not-found page (decision 047).
//
// matchAppPath reads a path as React Router does: case-insensitive, trailing slashes ignored, each
// segment percent-decoded, a `:name` segment any non-empty segment. client/router.test.ts checks
// that the two agree on every route and on odd spellings.

/** The visitors' pages (and the login). `:id` is a database id. */
export const PUBLIC_ROUTES = {
  home: '/',
  content: '/content/:id',
  term: '/term/:id',
  lexicon: '/lexicon',
  book: '/book/:id',
  chapter: '/chapter/:id',
  search: '/otsing',
  login: '/auth',
} as const

/** The administrator's screens, all behind the admin gate (which answers a visitor itself). */
export const ADMIN_ROUTES = {
  home: '/admin',
  books: '/admin/books',
  chapters: '/admin/books/:bookId/chapters',
  newChapter: '/admin/books/:bookId/chapters/new',
  editChapter: '/admin/books/:bookId/chapters/:chapterId/edit',
  chapterPages: '/admin/books/:bookId/chapters/:chapterId/content',
  newContent: '/admin/content/new',
  editContent: '/admin/content/edit/:id',
  contentHistory: '/admin/content/history/:id',
  lexicon: '/admin/lexicon',
  newTerm: '/admin/terms/new',
  editTerm: '/admin/terms/edit/:id',
  feedback: '/admin/feedback',
  audit: '/admin/audit',
  images: '/admin/images',
  users: '/admin/users',
  trash: '/admin/trash',
  collections: '/admin/collections',
} as const

export type PublicRoute = keyof typeof PUBLIC_ROUTES
export type AdminRoute = keyof typeof ADMIN_ROUTES

export type AppPathMatch =
  | { area: 'public'; route: PublicRoute; params: Record<string, string> }
  | { area: 'admin'; route: AdminRoute; params: Record<string, string> }

interface Compiled {
  area: 'public' | 'admin'
  route: string
  names: string[]
  pattern: RegExp
}

const escapeRegExp = (text: string) => text.replace(/[\\.*+^${}|()[\]?]/g, '\\$&')

function compile(area: 'public' | 'admin', route: string, path: string): Compiled {
  const names: string[] = []
  const body = path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      if (!segment.startsWith(':')) return `/${escapeRegExp(segment)}`
      names.push(segment.slice(1))
      return '/([^/]+)'
    })
    .join('')
  // As React Router: any number of trailing slashes, any case.
  return { area, route, names, pattern: new RegExp(`^${body}/*$`, 'i') }
}

const COMPILED: Compiled[] = [
  ...Object.entries(PUBLIC_ROUTES).map(([route, path]) => compile('public', route, path)),
  ...Object.entries(ADMIN_ROUTES).map(([route, path]) => compile('admin', route, path)),
]

/** Each segment percent-decoded (a `/` made by decoding stays encoded), as React Router reads a path. */
function decodePath(pathname: string): string | undefined {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replaceAll('/', '%2F'))
      .join('/')
  } catch {
    return undefined
  }
}

/**
 * Which page of the app a pathname (without its query) is, with its parameters; undefined for any
 * other path (the not-found page). Malformed percent-encoding is no page.
 */
export function matchAppPath(pathname: string): AppPathMatch | undefined {
  const decoded = decodePath(pathname)
  if (decoded === undefined || !decoded.startsWith('/')) return undefined
  for (const { area, route, names, pattern } of COMPILED) {
    const found = pattern.exec(decoded)
    if (!found) continue
    const params = Object.fromEntries(names.map((name, index) => [name, found[index + 1]!]))
    return { area, route, params } as AppPathMatch
  }
  return undefined
}
