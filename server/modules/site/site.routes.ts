// /api/site (what the client needs from configuration), /robots.txt and /sitemap.xml.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { listPublishedForSitemap } from './site.repo.ts'

export const SiteInfo = z.object({ donationUrl: z.string().nullable() })

const xmlEscape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

export const siteRoutes: FastifyPluginAsyncZod<{ db: Db; donationUrl: string | undefined }> = async (
  app,
  { db, donationUrl },
) => {
  app.get('/api/site', { config: { access: 'public' }, schema: { response: { 200: SiteInfo } } }, async () => ({
    donationUrl: donationUrl ?? null,
  }))

  app.get('/robots.txt', { config: { access: 'public' } }, async (request, reply) => {
    const origin = `${request.protocol}://${request.host}`
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600')
    return `User-agent: *\nDisallow: /admin\nDisallow: /auth\nDisallow: /api/\nAllow: /api/content/\n\nSitemap: ${origin}/sitemap.xml\n`
  })

  app.get('/sitemap.xml', { config: { access: 'public' } }, async (request, reply) => {
    const origin = `${request.protocol}://${request.host}`
    const { pages, terms } = await listPublishedForSitemap(db)
    const url = (path: string, updatedAt: Date) =>
      `  <url><loc>${xmlEscape(origin + path)}</loc><lastmod>${updatedAt.toISOString()}</lastmod></url>`
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      `  <url><loc>${xmlEscape(origin)}/</loc></url>`,
      `  <url><loc>${xmlEscape(origin)}/lexicon</loc></url>`,
      ...pages.map((p) => url(`/content/${p.id}`, p.updatedAt)),
      ...terms.map((t) => url(`/term/${t.id}`, t.updatedAt)),
      '</urlset>',
      '',
    ].join('\n')
    reply.type('application/xml; charset=utf-8').header('Cache-Control', 'public, max-age=3600')
    return body
  })
}
