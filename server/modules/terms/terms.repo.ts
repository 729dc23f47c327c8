// SQL for the lexicon's terms.
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { lexiconVersion, termForms, terms } from '../../db/schema.ts'
import type { Page } from '../../lib/paging.ts'

/** What the API shows of a term (never its search vector). */
const termColumns = {
  id: terms.id,
  term: terms.term,
  description: terms.description,
  published: terms.published,
  createdAt: terms.createdAt,
  updatedAt: terms.updatedAt,
  pattern: terms.pattern,
  extraForms: terms.extraForms,
}
export type TermRow = Omit<typeof terms.$inferSelect, 'searchVector' | 'formsVersion'>
/** What a write sets; pattern and extraForms left undefined keep what the term has. */
export type TermColumns = Pick<TermRow, 'term' | 'description' | 'published'> &
  Partial<Pick<TermRow, 'pattern' | 'extraForms'>>
export type TermFormRow = typeof termForms.$inferSelect

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

/**
 * Creates or updates (by term text) in one statement; says how many rows were new and answers what
 * the terms' forms are made from. Rows of one call either all give a pattern or none, and the same
 * for extraForms (one left out: an updated term keeps its own).
 */
export async function upsertTerms(db: DbOrTx, rows: TermColumns[], formsVersion: number) {
  if (rows.length === 0) return { created: 0, updated: 0, written: [] }
  const setsPattern = rows[0]!.pattern !== undefined
  const setsExtraForms = rows[0]!.extraForms !== undefined
  const result = await db
    .insert(terms)
    .values(rows.map((row) => ({ ...row, formsVersion })))
    .onConflictDoUpdate({
      target: terms.term,
      set: {
        description: sql`excluded.description`,
        published: sql`excluded.published`,
        updatedAt: sql`now()`,
        formsVersion: sql`excluded.forms_version`,
        ...(setsPattern ? { pattern: sql`excluded.pattern` } : {}),
        ...(setsExtraForms ? { extraForms: sql`excluded.extra_forms` } : {}),
      },
    })
    // xmax is 0 for a freshly inserted row and set for one that ON CONFLICT updated.
    .returning({
      inserted: sql<boolean>`(xmax = 0)`,
      id: terms.id,
      term: terms.term,
      pattern: terms.pattern,
      extraForms: terms.extraForms,
    })
  const created = result.filter((row) => row.inserted).length
  return {
    created,
    updated: result.length - created,
    written: result.map(({ id, term, pattern, extraForms }) => ({ id, term, pattern, extraForms })),
  }
}

/**
 * Replaces the forms of the terms `ids` with `rows` and marks them written by generator `version`.
 * The rows go as five arrays (unnest), so a statement's parameters stay five however many there are.
 */
export async function replaceTermForms(db: DbOrTx, ids: number[], rows: TermFormRow[], version: number) {
  if (ids.length === 0) return
  await db.delete(termForms).where(inArray(termForms.termId, ids))
  // 20,000 rows a statement keeps each array a few hundred kilobytes.
  for (let from = 0; from < rows.length; from += 20_000) {
    const batch = rows.slice(from, from + 20_000)
    await db.execute(sql`
      INSERT INTO term_forms (term_id, form, plain, grammar, weight)
      SELECT * FROM unnest(
        ${sql.param(batch.map((row) => row.termId))}::integer[],
        ${sql.param(batch.map((row) => row.form))}::text[],
        ${sql.param(batch.map((row) => row.plain))}::text[],
        ${sql.param(batch.map((row) => row.grammar))}::text[],
        ${sql.param(batch.map((row) => row.weight))}::smallint[])`)
  }
  // Not through drizzle's update, whose $onUpdate would move updated_at: the term itself is unchanged.
  await db.execute(
    sql`UPDATE terms SET forms_version = ${version} WHERE id = ANY(${sql.param(ids)}::integer[]) AND forms_version <> ${version}`,
  )
}

/** Up to `limit` terms whose forms an older generator wrote, locked for this transaction (others skipped). */
export async function lockStaleFormTerms(db: DbOrTx, version: number, limit: number) {
  return db
    .select({ id: terms.id, term: terms.term, pattern: terms.pattern, extraForms: terms.extraForms })
    .from(terms)
    .where(sql`${terms.formsVersion} < ${version}`)
    .orderBy(asc(terms.id))
    .limit(limit)
    .for('update', { skipLocked: true })
}

/** A term's forms, lightest first (the citation form). */
export async function findTermForms(db: DbOrTx, termId: number) {
  return db
    .select({ form: termForms.form, grammar: termForms.grammar, weight: termForms.weight })
    .from(termForms)
    .where(eq(termForms.termId, termId))
    .orderBy(asc(termForms.weight), asc(termForms.form))
}

/** What the lookup index is made of: every term's name and visibility, and every form. */
export async function readLexicon(db: DbOrTx) {
  const names = await db.select({ id: terms.id, term: terms.term, published: terms.published }).from(terms)
  const forms = await db
    .select({
      termId: termForms.termId,
      form: termForms.form,
      plain: termForms.plain,
      grammar: termForms.grammar,
      weight: termForms.weight,
    })
    .from(termForms)
  return { names, forms }
}

/** The counter any change to terms or term_forms raises (migration 0020). */
export async function readLexiconVersion(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ version: lexiconVersion.version }).from(lexiconVersion)
  return row?.version ?? 0
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
