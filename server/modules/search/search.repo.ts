// The two search queries: passages of pages (full-text over unaccented text) and lexicon terms
// (exact, prefix and trigram matches on the unaccented term, full-text on the description).
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'

export interface PassageHit {
  id: number
  title: string
  chapterTitle: string
  bookTitle: string
  anchor: string | null
  heading: string
  text: string
  rank: number
}

export interface TermHit {
  id: number
  term: string
  description: string
  exact: boolean
  prefix: boolean
  similarity: number
}

const PASSAGE_CANDIDATES = 200
/** The longest input that is also matched by trigram similarity against term names. */
const NEAR_MISS_MAX_CHARS = 30
const TITLE_CANDIDATES = 10

interface PageFilter {
  publishedOnly: boolean
  bookIds: number[] | undefined
}

const pageFilter = (options: PageFilter) => sql`
  ${options.publishedOnly ? sql`AND c.published` : sql``}
  ${options.bookIds ? sql`AND ch.book_id = ANY(${`{${options.bookIds.join(',')}}`}::int[])` : sql``}`

function toPassageHit(row: Record<string, unknown>): PassageHit {
  return {
    id: Number(row.id),
    title: String(row.title),
    chapterTitle: String(row.chapter_title),
    bookTitle: String(row.book_title),
    anchor: row.anchor == null ? null : String(row.anchor),
    heading: String(row.heading ?? ''),
    text: String(row.text ?? ''),
    rank: Number(row.rank),
  }
}

/** Passages whose text matches, best first; headings weigh more than body text (weight A). */
export async function searchPassages(db: DbOrTx, tsQuery: string, options: PageFilter): Promise<PassageHit[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    WITH q AS (SELECT to_tsquery('simple', ${tsQuery}) AS query)
    SELECT c.id, c.title, ch.title AS chapter_title, b.title AS book_title,
           sp.anchor, sp.heading, sp.text, ts_rank_cd(sp.search_vector, q.query) AS rank
    FROM q, search_passages sp
    JOIN content c ON c.build_id = sp.build_id
    JOIN chapters ch ON ch.id = c.chapter_id
    JOIN books b ON b.id = ch.book_id
    WHERE sp.search_vector @@ q.query ${pageFilter(options)}
    ORDER BY rank DESC, c.id, sp.position
    LIMIT ${PASSAGE_CANDIDATES}`)
  return result.rows.map(toPassageHit)
}

/** Pages whose title matches; they open at the top, with their opening text as the preview. */
export async function searchTitles(db: DbOrTx, tsQuery: string, options: PageFilter): Promise<PassageHit[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    WITH q AS (SELECT to_tsquery('simple', ${tsQuery}) AS query)
    SELECT c.id, c.title, ch.title AS chapter_title, b.title AS book_title, NULL AS anchor, '' AS heading,
           (SELECT sp.text FROM search_passages sp WHERE sp.build_id = c.build_id ORDER BY sp.position LIMIT 1) AS text,
           ts_rank_cd(to_tsvector('simple', f_unaccent(c.title)), q.query) AS rank
    FROM q, content c
    JOIN chapters ch ON ch.id = c.chapter_id
    JOIN books b ON b.id = ch.book_id
    WHERE to_tsvector('simple', f_unaccent(c.title)) @@ q.query ${pageFilter(options)}
    ORDER BY rank DESC, length(c.title), c.id
    LIMIT ${TITLE_CANDIDATES}`)
  return result.rows.map(toPassageHit)
}

export async function searchTerms(
  db: DbOrTx,
  folded: string,
  tsQuery: string,
  options: { publishedOnly: boolean; limit: number },
): Promise<TermHit[]> {
  const prefix = `${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  // Three index-backed ways to match (prefix and near miss on the term, words of the description),
  // united rather than OR-ed so each can use its own index.
  const published = options.publishedOnly ? sql`AND t.published` : sql``
  // Near misses (trigram similarity) only for what could be a mistyped term name: a long input has
  // so many trigrams that the index scan gets slow, and would not be "near" a short term anyway.
  const nearMisses =
    folded.length <= NEAR_MISS_MAX_CHARS
      ? sql`UNION SELECT t.id FROM terms t WHERE f_unaccent(lower(t.term)) % ${folded} ${published}`
      : sql``
  const result = await db.execute<Record<string, unknown>>(sql`
    WITH q AS (SELECT to_tsquery('simple', ${tsQuery}) AS query),
    hits AS (
      SELECT t.id FROM terms t WHERE f_unaccent(lower(t.term)) LIKE ${prefix} ${published}
      ${nearMisses}
      UNION
      SELECT t.id FROM terms t, q WHERE t.search_vector @@ q.query ${published}
    )
    SELECT t.id, t.term, t.description,
           f_unaccent(lower(t.term)) = ${folded} AS exact,
           f_unaccent(lower(t.term)) LIKE ${prefix} AS prefix,
           similarity(f_unaccent(lower(t.term)), ${folded}) AS similarity
    FROM hits JOIN terms t ON t.id = hits.id
    ORDER BY exact DESC, prefix DESC, similarity DESC, t.term
    LIMIT ${options.limit}`)
  return result.rows.map((row) => ({
    id: Number(row.id),
    term: String(row.term),
    description: String(row.description),
    exact: Boolean(row.exact),
    prefix: Boolean(row.prefix),
    similarity: Number(row.similarity),
  }))
}
