import { describe, expect, it } from 'vitest'
import { matchRoutes } from 'react-router'
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
      expect(matchRoutes(routes, pathname)?.some((m) => m.route.path === 'admin')).toBe(true)
    }
  })
})
