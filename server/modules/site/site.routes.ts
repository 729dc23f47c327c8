// /api/site (what the client needs from configuration), /robots.txt and /sitemap.xml.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { LRUCache } from 'lru-cache'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { listPublishedForSitemap } from './site.repo.ts'

export const SiteInfo = z.object({ donationUrl: z.string().nullable() })

/** The sitemap is made again at most this often (it tells clients to keep it an hour)… */
const SITEMAP_TTL_MS = 5 * 60 * 1000
/** …and at once when a page changes, or this often while no moment stands (a write runs). */
const SITEMAP_UNSURE_TTL_MS = 5 * 1000

/** The page states' moment (page-states.ts): it moves with every change to a page, here or in another process. */
export interface Moments {
  moment(): number | undefined
}

const xmlEscape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/**
 * The app's sitemaps (kept on the app state, app-state.ts), one per origin (the address it is asked
 * under) and moment. Made once while the page states' moment stands, and at least every few minutes
 * (terms changed in another process move no moment), however often it is asked: its work grows with
 * the pages and terms the library holds. A page deleted, moved to the trash or unpublished leaves it
 * at once.
 */
export function sitemapCache(db: Db) {
  return new LRUCache<string, string>({
    max: 8,
    ttl: SITEMAP_TTL_MS,
    fetchMethod: async (key) => {
      const origin = key.slice(0, key.indexOf('\n'))
      const { pages, terms } = await listPublishedForSitemap(db)
      const url = (path: string, updatedAt: Date) =>
        `  <url><loc>${xmlEscape(origin + path)}</loc><lastmod>${updatedAt.toISOString()}</lastmod></url>`
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        `  <url><loc>${xmlEscape(origin)}/</loc></url>`,
        `  <url><loc>${xmlEscape(origin)}/lexicon</loc></url>`,
        ...pages.map((p) => url(`/content/${p.id}`, p.updatedAt)),
        ...terms.map((t) => url(`/term/${t.id}`, t.updatedAt)),
        '</urlset>',
        '',
      ].join('\n')
    },
  })
}

export type SitemapCache = ReturnType<typeof sitemapCache>

export const siteRoutes: FastifyPluginAsyncZod<{
  donationUrl: string | undefined
  moments: Moments
  sitemaps: SitemapCache
}> = async (app, { donationUrl, moments, sitemaps }) => {
  app.get(
    '/api/site',
    { config: { access: 'public', cost: 'fixed' }, schema: { response: { 200: SiteInfo } } },
    async () => ({
      donationUrl: donationUrl ?? null,
    }),
  )

  app.get('/robots.txt', { config: { access: 'public', cost: 'fixed' } }, async (request, reply) => {
    const origin = `${request.protocol}://${request.host}`
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600')
    return `User-agent: *\nDisallow: /admin\nDisallow: /auth\nDisallow: /api/\nAllow: /api/content/\n\nSitemap: ${origin}/sitemap.xml\n`
  })

  app.get(
    '/sitemap.xml',
    { config: { access: 'public', cost: { grows: 'library', bounds: ['cache'] } } },
    async (request, reply) => {
      const moment = moments.moment()
      const key = `${request.protocol}://${request.host}\n${moment ?? 'unsure'}`
      const body = await sitemaps.fetch(key, moment === undefined ? { ttl: SITEMAP_UNSURE_TTL_MS } : {})
      reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600')
      return body
    },
  )
}
