import { describe, expect, it } from 'vitest'
import { matchRoutes } from 'react-router'
import type { RouteObject } from 'react-router'
import { ADMIN_ROUTES, PUBLIC_ROUTES, matchAppPath } from '#shared/app-routes.ts'
import { routes } from './router.tsx'

const specPaths = [
  '/',
  '/content/12',
  '/term/3',
  '/lexicon',
  '/auth',
  '/admin',
  '/admin/books',
  '/admin/books/1/chapters',
  '/admin/books/1/chapters/new',
  '/admin/books/1/chapters/2/edit',
  '/admin/books/1/chapters/2/content',
  '/admin/content/new',
  '/admin/content/edit/5',
  '/admin/lexicon',
  '/admin/terms/new',
  '/admin/terms/edit/7',
  '/admin/feedback',
]

const deepestPath = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.path

describe('routes', () => {
  it.each(specPaths)('registers %s', (pathname) => {
    expect(deepestPath(pathname)).not.toBe('*')
    expect(matchRoutes(routes, pathname)).not.toBeNull()
  })

  it.each(['/nothing', '/admin/nothing', '/content'])('sends %s to the not-found page', (pathname) => {
    expect(deepestPath(pathname)).toBe('*')
  })

  it('puts every /admin route behind the admin gate', () => {
    for (const pathname of specPaths.filter((p) => p.startsWith('/admin'))) {
      expect(matchRoutes(routes, pathname)?.some((m) => m.route.path === ADMIN_ROUTES.home)).toBe(true)
    }
  })
})

/** Every route's path in the router, with index routes as their parent's path. */
function routerPaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.index ? parent || '/' : (route.path ?? '')
    const mine = own === '' ? [] : [own]
    return [...mine, ...routerPaths(route.children ?? [], own || parent)]
  })
}

/** Whether the router shows a page of its own there (not the not-found page). */
const routerShowsPage = (pathname: string) => {
  const deepest = matchRoutes(routes, pathname)?.at(-1)?.route
  return deepest !== undefined && deepest.path !== '*'
}

// The server answers 404 wherever matchAppPath finds no page (server/http/static.ts, decision 047):
// it must agree with the router, which shows the not-found page exactly there.
describe('the shared list of pages (shared/app-routes.ts)', () => {
  it('is the router: every route of the router is listed, every listed path is routed', () => {
    const listed = [...Object.values(PUBLIC_ROUTES), ...Object.values(ADMIN_ROUTES)]
    expect(new Set(routerPaths(routes).filter((path) => path !== '*'))).toEqual(new Set(listed))
  })

  it.each([
    ...specPaths,
    '/book/4',
    '/chapter/5',
    '/otsing',
    '/admin/content/history/3',
    '/admin/audit',
    '/admin/images',
    '/admin/users',
    '/admin/trash',
    '/content/abc',
    '/lexicon/',
    '/lexicon//',
    '/LEXICON',
    '/Content/12',
    '/%6cexicon',
    '/content/%31',
    '//',
    '//lexicon',
    '/lexicon/x',
    '/content',
    '/content/',
    '/content/1/2',
    '/foo/../lexicon',
    '/%2e%2e/lexicon',
    '/lexicon%2F',
    '/admin/nothing',
    '/admin/books/1/chapters/2',
    '/metrics',
    '/foo/bar',
    '/index.html',
    '/auth/x',
  ])('agrees with the router on %s', (pathname) => {
    expect(matchAppPath(pathname) !== undefined).toBe(routerShowsPage(pathname))
  })
})
