// SQL for what search engines and link previews see: page and term titles, descriptions, the sitemap.
import { and, asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { contentPages, searchPassages, terms } from '../../db/schema.ts'

export async function findPublishedPageSummary(db: DbOrTx, id: number) {
  const [page] = await db
    .select({ title: contentPages.title, buildId: contentPages.buildId })
    .from(contentPages)
    .where(and(eq(contentPages.id, id), eq(contentPages.published, true)))
  if (!page) return undefined
  return { title: page.title, text: page.buildId === null ? '' : await findBuildOpening(db, page.buildId) }
}

/** The opening text of a page's build, without tags: its first passages (a build never changes). */
export async function findBuildOpening(db: DbOrTx, buildId: number) {
  const passages = await db
    .select({ text: searchPassages.text })
    .from(searchPassages)
    .where(eq(searchPassages.buildId, buildId))
    .orderBy(asc(searchPassages.position))
    .limit(3)
  return passages.map((p) => p.text).join(' ')
}

export async function findPublishedTerm(db: DbOrTx, id: number) {
  const [term] = await db
    .select({ term: terms.term, description: terms.description })
    .from(terms)
    .where(and(eq(terms.id, id), eq(terms.published, true)))
  return term
}

export async function listPublishedForSitemap(db: DbOrTx) {
  const pages = await db
    .select({ id: contentPages.id, updatedAt: contentPages.updatedAt })
    .from(contentPages)
    .where(eq(contentPages.published, true))
    .orderBy(asc(contentPages.id))
  const termRows = await db
    .select({ id: terms.id, updatedAt: terms.updatedAt })
    .from(terms)
    .where(eq(terms.published, true))
    .orderBy(asc(terms.id))
  return { pages, terms: termRows }
}
