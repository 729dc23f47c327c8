// SQL for the lexicon's terms.
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { terms } from '../../db/schema.ts'
import type { Page } from '../../lib/paging.ts'

/** What the API shows of a term (never its search vector). */
const termColumns = {
  id: terms.id,
  term: terms.term,
  description: terms.description,
  published: terms.published,
  createdAt: terms.createdAt,
  updatedAt: terms.updatedAt,
}
export type TermRow = Omit<typeof terms.$inferSelect, 'searchVector'>
export type TermColumns = Pick<TermRow, 'term' | 'description' | 'published'>

export interface TermFilter {
  publishedOnly: boolean
  search?: string | undefined
}

// Alphabetical regardless of case and diacritics, the same on PGlite and PostgreSQL (no collation needed).
const alphabetical = [asc(sql`f_unaccent(lower(${terms.term}))`), asc(terms.term), asc(terms.id)]

/** LIKE treats % and _ (and the escape character \) specially; a search for them means the characters. */
function escapeLike(text: string) {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

function where({ publishedOnly, search }: TermFilter): SQL | undefined {
  const trimmed = search?.trim()
  return and(
    publishedOnly ? eq(terms.published, true) : undefined,
    trimmed
      ? sql`f_unaccent(lower(${terms.term})) like '%' || f_unaccent(lower(${escapeLike(trimmed)})) || '%'`
      : undefined,
  )
}

export async function listTerms(db: DbOrTx, filter: TermFilter) {
  return db
    .select(termColumns)
    .from(terms)
    .where(where(filter))
    .orderBy(...alphabetical)
}

export async function pageTerms(db: DbOrTx, filter: TermFilter, page: Page) {
  const rows = await db
    .select(termColumns)
    .from(terms)
    .where(where(filter))
    .orderBy(...alphabetical)
    .limit(page.limit)
    .offset(page.offset)
  const [total] = await db.select({ n: count() }).from(terms).where(where(filter))
  return { rows, total: total?.n ?? 0 }
}

/** Only ids and names: enough to group terms by letter without reading every description. */
export async function listTermNames(db: DbOrTx, filter: TermFilter) {
  return db.select({ id: terms.id, term: terms.term }).from(terms).where(where(filter))
}

export async function findTermsByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return []
  return db.select(termColumns).from(terms).where(inArray(terms.id, ids))
}

export async function findTerm(db: DbOrTx, id: number) {
  const [term] = await db.select(termColumns).from(terms).where(eq(terms.id, id))
  return term
}

export async function insertTerm(db: DbOrTx, values: TermColumns) {
  const [term] = await db.insert(terms).values(values).returning(termColumns)
  return term!
}

export async function updateTerm(db: DbOrTx, id: number, values: TermColumns) {
  const [term] = await db.update(terms).set(values).where(eq(terms.id, id)).returning(termColumns)
  return term
}

export async function deleteTerm(db: DbOrTx, id: number) {
  const [term] = await db.delete(terms).where(eq(terms.id, id)).returning({ id: terms.id, term: terms.term })
  return term
}

/** Creates or updates (by term text) in one statement; says how many rows were new. */
export async function upsertTerms(db: DbOrTx, rows: TermColumns[]) {
  if (rows.length === 0) return { created: 0, updated: 0 }
  const result = await db
    .insert(terms)
    .values(rows)
    .onConflictDoUpdate({
      target: terms.term,
      set: { description: sql`excluded.description`, published: sql`excluded.published`, updatedAt: sql`now()` },
    })
    // xmax is 0 for a freshly inserted row and set for one that ON CONFLICT updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` })
  const created = result.filter((row) => row.inserted).length
  return { created, updated: result.length - created }
}

/** Ids of the terms named exactly (`data-term` marks in a page being saved). */
export async function findTermIdsByNames(db: DbOrTx, names: string[]) {
  if (names.length === 0) return []
  return db.select({ id: terms.id, term: terms.term }).from(terms).where(inArray(terms.term, names))
}

/**
 * The editor's term picker: names holding the query regardless of case and diacritics (the trigram
 * index on f_unaccent(lower(term)) serves the LIKE), the exact name first, then names starting with
 * it, then shorter names; every term when the query is empty, alphabetically.
 */
export async function pickTerms(db: DbOrTx, query: string, limit: number) {
  const folded = sql`f_unaccent(lower(${terms.term}))`
  const wanted = sql`f_unaccent(lower(${escapeLike(query)}))`
  const columns = { id: terms.id, term: terms.term, published: terms.published }
  if (query === '')
    return db
      .select(columns)
      .from(terms)
      .orderBy(...alphabetical)
      .limit(limit)
  return db
    .select(columns)
    .from(terms)
    .where(sql`${folded} like '%' || ${wanted} || '%'`)
    .orderBy(
      sql`(${folded} = ${wanted}) desc`,
      sql`(${folded} like ${wanted} || '%') desc`,
      sql`length(${terms.term})`,
      ...alphabetical,
    )
    .limit(limit)
}
