// The search queries: page titles and passages of pages (full-text over unaccented text), lexicon
// terms (exact, prefix and trigram matches on the unaccented term, full-text on the description).
// Every match is counted; only the asked page's rows carry their text (search-results.ts orders).
import { sql, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'

export interface PassageHit {
  id: number
  title: string
  chapterTitle: string
  bookTitle: string
  anchor: string | null
  heading: string
  text: string
}

/** A passage of the asked page: its place among all passages and whether its heading holds the query. */
export interface RankedPassage extends PassageHit {
  position: number
  inHeading: boolean
}

export interface TitleHit {
  id: number
  title: string
  chapterTitle: string
  bookTitle: string
}

export interface TermHit {
  id: number
  term: string
  exact: boolean
  prefix: boolean
  similarity: number
}

/** The most passages of one page among the results (its best by rank). */
const PASSAGES_PER_PAGE = 3
/** The longest input that is also matched by trigram similarity against term names. */
const NEAR_MISS_MAX_CHARS = 30

interface PageFilter {
  publishedOnly: boolean
  bookIds: number[] | undefined
}

/** A row of a page's passage (or its opening, for a title) as the service takes it. */
const toPassageHit = (row: Record<string, unknown>): PassageHit => ({
  id: Number(row.id),
  title: String(row.title),
  chapterTitle: String(row.chapter_title),
  bookTitle: String(row.book_title),
  anchor: row.anchor == null ? null : String(row.anchor),
  heading: String(row.heading ?? ''),
  text: String(row.text ?? ''),
})

const pageFilter = (options: PageFilter) => sql`
  ${options.publishedOnly ? sql`AND c.published` : sql``}
  ${options.bookIds ? sql`AND ch.book_id = ANY(${`{${options.bookIds.join(',')}}`}::int[])` : sql``}`

/**
 * Where the asked page falls among the passages. Passages are ordered those whose heading holds the
 * query first, then by rank; results of other kinds stand before them (`before`) and between the two
 * groups (`between`), so passage number `position` is result number
 * `before + position (+ between when not in a heading)`; the page is results `offset … offset+limit-1`.
 */
export interface PassageWindow {
  before: number
  between: number
  offset: number
  limit: number
}

export interface PassagePage {
  /** Every matching passage (at most PASSAGES_PER_PAGE per page). */
  total: number
  /** Of those, the ones whose heading holds the query. */
  inHeadings: number
  hits: RankedPassage[]
}

/**
 * Passages whose text matches, at most three per page (its best), headings first and then by
 * relevance (headings weigh more than body text, weight A); counted, and the window's rows read.
 */
/**
 * `tsQuery` finds the passages; `exactTsQuery` (the words as typed, when `tsQuery` also holds other
 * forms of a term) puts those holding the typed forms before those holding only other forms.
 */
export async function searchPassages(
  db: DbOrTx,
  tsQuery: string,
  options: PageFilter,
  window: PassageWindow,
  exactTsQuery: string = tsQuery,
): Promise<PassagePage> {
  const end = window.offset + window.limit
  const exact = exactTsQuery === tsQuery ? sql`true` : sql`sp.search_vector @@ to_tsquery('simple', ${exactTsQuery})`
  const result = await db.execute<Record<string, unknown>>(sql`
    WITH q AS (SELECT to_tsquery('simple', ${tsQuery}) AS query),
    matched AS (
      SELECT sp.id AS passage_id, sp.position, c.id, ts_rank_cd(sp.search_vector, q.query) AS rank, ${exact} AS exact
      FROM q, search_passages sp
      JOIN content c ON c.build_id = sp.build_id
      JOIN chapters ch ON ch.id = c.chapter_id
      WHERE sp.search_vector @@ q.query ${pageFilter(options)}
    ),
    best AS (
      SELECT * FROM (
        SELECT m.*, row_number() OVER (PARTITION BY m.id ORDER BY m.exact DESC, m.rank DESC, m.position) AS nth
        FROM matched m
      ) numbered
      WHERE nth <= ${PASSAGES_PER_PAGE}
    ),
    -- Whether the heading holds the query, asked only of the passages kept (its A-weighted words).
    few AS (
      SELECT b.*, ts_filter(sp.search_vector, '{a}') @@ q.query AS in_heading
      FROM q, best b JOIN search_passages sp ON sp.id = b.passage_id
    ),
    ranked AS (
      SELECT f.*, row_number() OVER (ORDER BY f.in_heading DESC, f.exact DESC, f.rank DESC, f.id, f.position) - 1 AS pos
      FROM few f
    ),
    counts AS (SELECT count(*) AS total, count(*) FILTER (WHERE in_heading) AS in_headings FROM few)
    SELECT counts.total, counts.in_headings, w.*
    FROM counts LEFT JOIN LATERAL (
      SELECT r.id, r.pos, r.in_heading, c.title, ch.title AS chapter_title, b.title AS book_title,
             sp.anchor, sp.heading, sp.text
      FROM ranked r
      JOIN search_passages sp ON sp.id = r.passage_id
      JOIN content c ON c.id = r.id
      JOIN chapters ch ON ch.id = c.chapter_id
      JOIN books b ON b.id = ch.book_id
      WHERE ${window.before}::int + r.pos + CASE WHEN r.in_heading THEN 0 ELSE ${window.between}::int END
            BETWEEN ${window.offset}::int AND ${end - 1}::int
    ) w ON true
    ORDER BY w.pos`)
  const first = result.rows[0]
  return {
    total: Number(first?.total ?? 0),
    inHeadings: Number(first?.in_headings ?? 0),
    hits: result.rows
      .filter((row) => row.id != null)
      .map((row) => ({ ...toPassageHit(row), position: Number(row.pos), inHeading: Boolean(row.in_heading) })),
  }
}

/** Pages whose title matches, best first (a shorter title before a longer one of the same rank). */
export async function searchTitles(db: DbOrTx, tsQuery: string, options: PageFilter): Promise<TitleHit[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    WITH q AS (SELECT to_tsquery('simple', ${tsQuery}) AS query)
    SELECT c.id, c.title, ch.title AS chapter_title, b.title AS book_title,
           ts_rank_cd(to_tsvector('simple', f_unaccent(c.title)), q.query) AS rank
    FROM q, content c
    JOIN chapters ch ON ch.id = c.chapter_id
    JOIN books b ON b.id = ch.book_id
    WHERE to_tsvector('simple', f_unaccent(c.title)) @@ q.query ${pageFilter(options)}
    ORDER BY rank DESC, length(c.title), c.id`)
  return result.rows.map((row) => ({
    id: Number(row.id),
    title: String(row.title),
    chapterTitle: String(row.chapter_title),
    bookTitle: String(row.book_title),
  }))
}

/** The opening text of these pages (their first passage), for title results, which open at the top. */
export async function openingTexts(db: DbOrTx, pageIds: number[]): Promise<Map<number, string>> {
  if (pageIds.length === 0) return new Map()
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT c.id,
           (SELECT sp.text FROM search_passages sp WHERE sp.build_id = c.build_id ORDER BY sp.position LIMIT 1) AS text
    FROM content c
    WHERE c.id = ANY(${`{${pageIds.join(',')}}`}::int[])`)
  return new Map(result.rows.map((row) => [Number(row.id), String(row.text ?? '')]))
}

/** Every term that matches, best first: the exact name, names starting so, near misses, descriptions. */
export async function searchTerms(
  db: DbOrTx,
  folded: string,
  tsQuery: string,
  options: { publishedOnly: boolean },
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
    SELECT t.id, t.term,
           f_unaccent(lower(t.term)) = ${folded} AS exact,
           f_unaccent(lower(t.term)) LIKE ${prefix} AS prefix,
           similarity(f_unaccent(lower(t.term)), ${folded}) AS similarity
    FROM hits JOIN terms t ON t.id = hits.id
    ORDER BY exact DESC, prefix DESC, similarity DESC, t.term, t.id`)
  return result.rows.map((row) => ({
    id: Number(row.id),
    term: String(row.term),
    exact: Boolean(row.exact),
    prefix: Boolean(row.prefix),
    similarity: Number(row.similarity),
  }))
}

/** The stored descriptions of these terms. */
export async function termDescriptions(db: DbOrTx, termIds: number[]): Promise<Map<number, string>> {
  if (termIds.length === 0) return new Map()
  const result = await db.execute<Record<string, unknown>>(sql`
    SELECT t.id, t.description FROM terms t WHERE t.id = ANY(${`{${termIds.join(',')}}`}::int[])`)
  return new Map(result.rows.map((row) => [Number(row.id), String(row.description)]))
}

/** The most pages and headings a reference lookup reads for one collection. */
const NAMED_PLACE_CANDIDATES = 5000

const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** Any of the prefixes, each its own indexed range (f_unaccent(lower(x)) text_pattern_ops, migration 0021). */
const startsWithAny = (column: SQL, prefixes: string[]) =>
  sql.join(
    prefixes.map((prefix) => sql`f_unaccent(lower(${column})) LIKE ${likePrefix(prefix)}`),
    sql` OR `,
  )

/**
 * Where a collection's references may be named: pages whose title and sections whose heading begin
 * with one of the collection's names (folded: lowercase, without diacritics), and sections whose
 * heading begins with the reference's leading numbers on pages whose title begins with such a name;
 * in reading order, each kind at most NAMED_PLACE_CANDIDATES. The caller keeps those that name the
 * reference itself (ReferenceReader.isPlace).
 */
export async function findNamedPlaces(
  db: DbOrTx,
  { names, numberPrefix }: { names: string[]; numberPrefix: string },
  options: PageFilter,
): Promise<PassageHit[]> {
  if (names.length === 0) return []
  const titleNamed = startsWithAny(sql`c.title`, names)
  const [titles, headings, numbered] = await Promise.all([
    db.execute<Record<string, unknown>>(sql`
      SELECT c.id, c.title, ch.title AS chapter_title, b.title AS book_title, NULL AS anchor, '' AS heading,
             (SELECT sp.text FROM search_passages sp WHERE sp.build_id = c.build_id ORDER BY sp.position LIMIT 1) AS text
      FROM content c
      JOIN chapters ch ON ch.id = c.chapter_id
      JOIN books b ON b.id = ch.book_id
      WHERE (${titleNamed}) ${pageFilter(options)}
      ORDER BY c.id
      LIMIT ${NAMED_PLACE_CANDIDATES}`),
    db.execute<Record<string, unknown>>(sql`
      SELECT DISTINCT ON (c.id, sp.heading) c.id, c.title, ch.title AS chapter_title, b.title AS book_title,
             sp.anchor, sp.heading, sp.text
      FROM search_passages sp
      JOIN content c ON c.build_id = sp.build_id
      JOIN chapters ch ON ch.id = c.chapter_id
      JOIN books b ON b.id = ch.book_id
      WHERE sp.heading <> '' AND (${startsWithAny(sql`sp.heading`, names)}) ${pageFilter(options)}
      ORDER BY c.id, sp.heading, sp.position
      LIMIT ${NAMED_PLACE_CANDIDATES}`),
    db.execute<Record<string, unknown>>(sql`
      SELECT DISTINCT ON (c.id, sp.heading) c.id, c.title, ch.title AS chapter_title, b.title AS book_title,
             sp.anchor, sp.heading, sp.text
      FROM search_passages sp
      JOIN content c ON c.build_id = sp.build_id
      JOIN chapters ch ON ch.id = c.chapter_id
      JOIN books b ON b.id = ch.book_id
      WHERE sp.heading <> '' AND f_unaccent(lower(sp.heading)) LIKE ${likePrefix(numberPrefix)}
        AND (${titleNamed}) ${pageFilter(options)}
      ORDER BY c.id, sp.heading, sp.position
      LIMIT ${NAMED_PLACE_CANDIDATES}`),
  ])
  return [...titles.rows, ...headings.rows, ...numbered.rows].map(toPassageHit)
}

/**
 * The other forms of the terms each word is a form of (term_forms.plain, the spelling search folds
 * to), the word itself left out, at most `perWord` of each word (the lightest first); only published
 * terms' for visitors. Words without any are absent.
 */
export async function otherFormsOf(
  db: DbOrTx,
  words: string[],
  options: { publishedOnly: boolean; perWord: number },
): Promise<Map<string, string[]>> {
  if (words.length === 0) return new Map()
  const published = options.publishedOnly ? sql`AND t.published` : sql``
  const result = await db.execute<{ word: string; plain: string }>(sql`
    SELECT DISTINCT ON (q.word, other.plain) q.word, other.plain, other.weight
    FROM unnest(${sql.param(words)}::text[]) AS q(word)
    JOIN term_forms f ON f.plain = q.word
    JOIN terms t ON t.id = f.term_id ${published}
    JOIN term_forms other ON other.term_id = f.term_id AND other.plain <> q.word
    ORDER BY q.word, other.plain, other.weight`)
  const byWord = new Map<string, { plain: string; weight: number }[]>()
  for (const row of result.rows as unknown as { word: string; plain: string; weight: number }[]) {
    const list = byWord.get(row.word) ?? []
    list.push({ plain: row.plain, weight: Number(row.weight) })
    byWord.set(row.word, list)
  }
  return new Map(
    [...byWord].map(([word, forms]) => [
      word,
      forms
        .sort((a, b) => a.weight - b.weight || a.plain.localeCompare(b.plain))
        .slice(0, options.perWord)
        .map((form) => form.plain),
    ]),
  )
}
