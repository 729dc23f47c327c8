// SQL for the trash (decision 043): a deleted book, chapter or page is copied row by row into
// trash_rows (`to_jsonb` of each row) in the transaction that deletes it, and inserted back from
// there, under the same ids, when it is restored. Every other module reads only live rows, so
// nothing in the trash is seen anywhere but on the trash screen.
import { and, count, desc, eq, lte, sql, type SQL } from 'drizzle-orm'
import type { TrashKind } from '#shared/api/trash.ts'
import type { Db, DbOrTx, Tx } from '../../db/client.ts'
import { books, chapters, contentPages, trash, trashRows } from '../../db/schema.ts'
import type { Page } from '../../lib/paging.ts'

export type TrashRow = typeof trash.$inferSelect

/** An int[] parameter (ids only, so the literal is safe). */
function ids(values: readonly number[]): SQL {
  return sql`${`{${values.map((value) => Math.trunc(value)).join(',')}}`}::int[]`
}

export interface Subject {
  title: string
  order: number
  parentId: number | null
  parentTitle: string | null
}

/** The book, chapter or page about to be deleted, locked; undefined when there is none. */
export async function lockSubject(tx: Tx, kind: TrashKind, id: number): Promise<Subject | undefined> {
  if (kind === 'book') {
    const [row] = await tx
      .execute<{ title: string; order: number }>(sql`SELECT title, "order" FROM ${books} WHERE id = ${id} FOR UPDATE`)
      .then((result) => result.rows)
    return row && { title: row.title, order: row.order, parentId: null, parentTitle: null }
  }
  if (kind === 'chapter') {
    const [row] = await tx
      .execute<{ title: string; order: number; parent_id: number; parent_title: string }>(
        sql`SELECT c.title, c."order", c.book_id AS parent_id, b.title AS parent_title
          FROM ${chapters} c JOIN ${books} b ON b.id = c.book_id WHERE c.id = ${id} FOR UPDATE OF c`,
      )
      .then((result) => result.rows)
    return row && { title: row.title, order: row.order, parentId: row.parent_id, parentTitle: row.parent_title }
  }
  const [row] = await tx
    .execute<{ title: string; order: number; parent_id: number; parent_title: string }>(
      sql`SELECT p.title, p."order", p.chapter_id AS parent_id, c.title AS parent_title
        FROM ${contentPages} p JOIN ${chapters} c ON c.id = p.chapter_id WHERE p.id = ${id} FOR UPDATE OF p`,
    )
    .then((result) => result.rows)
  return row && { title: row.title, order: row.order, parentId: row.parent_id, parentTitle: row.parent_title }
}

/** The chapters and pages under what is deleted (a page: itself), locked so no save slips in between. */
export async function lockScope(tx: Tx, kind: TrashKind, id: number) {
  const chapterIds =
    kind === 'book'
      ? (
          await tx.execute<{ id: number }>(sql`SELECT id FROM ${chapters} WHERE book_id = ${id} ORDER BY id FOR UPDATE`)
        ).rows.map((row) => row.id)
      : kind === 'chapter'
        ? [id]
        : []
  const pageIds =
    kind === 'content'
      ? [id]
      : (
          await tx.execute<{ id: number }>(
            sql`SELECT id FROM ${contentPages} WHERE chapter_id = ANY(${ids(chapterIds)}) ORDER BY id FOR UPDATE`,
          )
        ).rows.map((row) => row.id)
  return { bookIds: kind === 'book' ? [id] : [], chapterIds, pageIds }
}

export async function insertEntry(tx: Tx, values: typeof trash.$inferInsert) {
  const [row] = await tx.insert(trash).values(values).returning()
  return row!
}

/** Copies every row of the scope into trash_rows under `trashId`; the deletion that follows cascades. */
export async function copyRows(
  tx: Tx,
  trashId: number,
  scope: { bookIds: number[]; chapterIds: number[]; pageIds: number[] },
) {
  const pages = ids(scope.pageIds)
  const t = sql`${trashId}::int`
  const builds = sql`(SELECT build_id FROM content WHERE id = ANY(${pages}) AND build_id IS NOT NULL)`
  await tx.execute(sql`
    INSERT INTO trash_rows (trash_id, table_name, row_id, row)
    SELECT ${t}, 'books', b.id, to_jsonb(b) FROM books b WHERE b.id = ANY(${ids(scope.bookIds)})
    UNION ALL
    SELECT ${t}, 'chapters', c.id, to_jsonb(c) FROM chapters c WHERE c.id = ANY(${ids(scope.chapterIds)})
    UNION ALL
    SELECT ${t}, 'content', p.id, to_jsonb(p) FROM content p WHERE p.id = ANY(${pages})
    UNION ALL
    SELECT ${t}, 'content_revisions', r.id, to_jsonb(r) FROM content_revisions r WHERE r.content_id = ANY(${pages})
    UNION ALL
    SELECT ${t}, 'reader_builds', rb.id, to_jsonb(rb) FROM reader_builds rb WHERE rb.id IN ${builds}
    UNION ALL
    SELECT ${t}, 'reader_blocks', bl.position, to_jsonb(bl) FROM reader_blocks bl WHERE bl.build_id IN ${builds}
    UNION ALL
    SELECT ${t}, 'search_passages', sp.id,
      jsonb_build_object('id', sp.id, 'build_id', sp.build_id, 'position', sp.position, 'anchor', sp.anchor,
        'heading', sp.heading, 'text', sp.text)
      FROM search_passages sp WHERE sp.build_id IN ${builds}
    UNION ALL
    SELECT ${t}, 'term_uses', tu.build_id, to_jsonb(tu) FROM term_uses tu WHERE tu.build_id IN ${builds}
    UNION ALL
    SELECT ${t}, 'feedback', f.id, jsonb_build_object('id', f.id, 'content_id', f.content_id)
      FROM feedback f WHERE f.content_id = ANY(${pages})`)
}

export async function listEntries(db: DbOrTx, page: Page) {
  const rows = await db
    .select()
    .from(trash)
    .orderBy(desc(trash.deletedAt), desc(trash.id))
    .limit(page.limit)
    .offset(page.offset)
  const [total] = await db.select({ n: count() }).from(trash)
  return { rows, total: total?.n ?? 0 }
}

export async function lockEntry(tx: Tx, id: number) {
  const [row] = await tx.select().from(trash).where(eq(trash.id, id)).for('update')
  return row
}

/**
 * Whether the book (for a chapter) or chapter (for a page) it goes back into is there; kept there
 * (FOR KEY SHARE) until the restore commits, so a deletion of it waits instead of failing the insert.
 */
export async function parentIsLive(tx: Tx, kind: TrashKind, parentId: number) {
  const table = kind === 'chapter' ? books : chapters
  const rows = await tx.execute(sql`SELECT 1 FROM ${table} WHERE id = ${parentId} FOR KEY SHARE`)
  return rows.rows.length > 0
}

/** The trash entry holding the book or chapter `parentId` among its rows, if one does. */
export async function entryHolding(tx: Tx, kind: TrashKind, parentId: number) {
  const tableName = kind === 'chapter' ? 'books' : 'chapters'
  const [row] = await tx
    .select({ id: trash.id, kind: trash.kind, title: trash.title })
    .from(trashRows)
    .innerJoin(trash, eq(trash.id, trashRows.trashId))
    .where(and(eq(trashRows.tableName, tableName), eq(trashRows.rowId, parentId)))
    .limit(1)
  return row
}

/** Whether a live sibling holds `order` (books: any book; chapters: the book's; pages: the chapter's). */
export async function orderTaken(tx: Tx, kind: TrashKind, parentId: number | null, order: number) {
  const where =
    kind === 'book'
      ? sql`SELECT 1 FROM books WHERE "order" = ${order}`
      : kind === 'chapter'
        ? sql`SELECT 1 FROM chapters WHERE book_id = ${parentId} AND "order" = ${order}`
        : sql`SELECT 1 FROM content WHERE chapter_id = ${parentId} AND "order" = ${order}`
  return (await tx.execute(sql`${where} LIMIT 1`)).rows.length > 0
}

/** One past the highest order among the live siblings (0 when there are none). */
export async function orderAfterLast(tx: Tx, kind: TrashKind, parentId: number | null) {
  const query =
    kind === 'book'
      ? sql`SELECT coalesce(max("order") + 1, 0) AS next FROM books`
      : kind === 'chapter'
        ? sql`SELECT coalesce(max("order") + 1, 0) AS next FROM chapters WHERE book_id = ${parentId}`
        : sql`SELECT coalesce(max("order") + 1, 0) AS next FROM content WHERE chapter_id = ${parentId}`
  const [row] = (await tx.execute<{ next: number }>(query)).rows
  return Number(row?.next ?? 0)
}

/**
 * Inserts the entry's rows back under their own ids, in the order their foreign keys need: pages
 * first without their build, then each page gets the build writeBuildsBack wrote for it (`builds`:
 * old id → new id). Users deleted meanwhile are named as nobody.
 */
export async function insertRowsBack(tx: Tx, trashId: number, builds: ReadonlyMap<number, number>) {
  const mine = (table: string) => sql`r.trash_id = ${trashId} AND r.table_name = ${table}`
  for (const [table, column] of [
    ['content', 'updated_by'],
    ['content_revisions', 'saved_by'],
  ] as const) {
    await tx.execute(sql`
      UPDATE trash_rows r SET row = jsonb_set(r.row, ${`{${column}}`}::text[], 'null'::jsonb)
      WHERE ${mine(table)} AND r.row ->> ${column} IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = (r.row ->> ${column})::int)`)
  }
  await tx.execute(
    sql`INSERT INTO books SELECT x.* FROM trash_rows r, jsonb_populate_record(NULL::books, r.row) x WHERE ${mine('books')}`,
  )
  await tx.execute(
    sql`INSERT INTO chapters SELECT x.* FROM trash_rows r, jsonb_populate_record(NULL::chapters, r.row) x WHERE ${mine('chapters')}`,
  )
  await tx.execute(sql`INSERT INTO content
    SELECT x.* FROM trash_rows r, jsonb_populate_record(NULL::content, r.row || '{"build_id": null}'::jsonb) x WHERE ${mine('content')}`)
  await tx.execute(sql`INSERT INTO content_revisions
    SELECT x.* FROM trash_rows r, jsonb_populate_record(NULL::content_revisions, r.row) x WHERE ${mine('content_revisions')}`)
  // The builds written beforehand (writeBuildsBack) become the pages' builds.
  const pairs = sql`unnest(${ids([...builds.keys()])}, ${ids([...builds.values()])}) AS m(old_id, new_id)`
  await tx.execute(sql`UPDATE reader_builds b SET content_id = (r.row ->> 'id')::int
    FROM trash_rows r, ${pairs}
    WHERE ${mine('content')} AND (r.row ->> 'build_id')::int = m.old_id AND b.id = m.new_id`)
  await tx.execute(sql`UPDATE content c SET build_id = m.new_id
    FROM trash_rows r, ${pairs}
    WHERE ${mine('content')} AND c.id = r.row_id AND (r.row ->> 'build_id')::int = m.old_id`)
  // Feedback sent from a page named it again, unless it was deleted meanwhile.
  await tx.execute(sql`UPDATE feedback f SET content_id = (r.row ->> 'content_id')::int
    FROM trash_rows r WHERE ${mine('feedback')} AND f.id = r.row_id AND f.content_id IS NULL`)
}

const BLOCK_BATCH = 200
const PASSAGE_BATCH = 500

/**
 * Writes the entry's reader builds again as new builds that no page shows yet, a batch of blocks or
 * passages per statement and outside any transaction (as a save writes its build, so readers on the
 * embedded database's one connection are answered in between); the restore's transaction then
 * switches the pages to them. Answers old id → new id. A restore that fails afterwards removes them
 * (dropBuilds); one killed meanwhile leaves builds no page shows, removed as stale at the next start.
 */
export async function writeBuildsBack(db: Db, trashId: number) {
  const mine = (table: string) => sql`r.trash_id = ${trashId} AND r.table_name = ${table}`
  const olds = (
    await db.execute<{ id: number; anchors: string }>(
      sql`SELECT r.row_id AS id, r.row ->> 'anchors' AS anchors FROM trash_rows r WHERE ${mine('reader_builds')}`,
    )
  ).rows
  const builds = new Map<number, number>()
  try {
    for (const old of olds) {
      const [made] = (
        await db.execute<{ id: number }>(sql`INSERT INTO reader_builds (anchors) VALUES (${old.anchors}) RETURNING id`)
      ).rows
      const id = Number(made!.id)
      builds.set(Number(old.id), id)
      const ofBuild = sql`(r.row ->> 'build_id')::int = ${old.id}`
      const [last] = (
        await db.execute<{ n: number | null }>(
          sql`SELECT max(r.row_id) AS n FROM trash_rows r WHERE ${mine('reader_blocks')} AND ${ofBuild}`,
        )
      ).rows
      for (let from = 0; from <= Number(last?.n ?? -1); from += BLOCK_BATCH) {
        await db.execute(sql`INSERT INTO reader_blocks (build_id, position, html)
          SELECT ${id}::int, r.row_id, r.row ->> 'html' FROM trash_rows r
          WHERE ${mine('reader_blocks')} AND r.row_id >= ${from} AND r.row_id < ${from + BLOCK_BATCH} AND ${ofBuild}`)
      }
      const passageIds = (
        await db.execute<{ id: number }>(
          sql`SELECT r.row_id AS id FROM trash_rows r WHERE ${mine('search_passages')} AND ${ofBuild} ORDER BY r.row_id`,
        )
      ).rows.map((row) => Number(row.id))
      for (let from = 0; from < passageIds.length; from += PASSAGE_BATCH) {
        // search_vector is generated from heading and text: the database makes it again.
        await db.execute(sql`INSERT INTO search_passages (build_id, position, anchor, heading, text)
          SELECT ${id}::int, (r.row ->> 'position')::int, r.row ->> 'anchor', r.row ->> 'heading', r.row ->> 'text'
          FROM trash_rows r WHERE ${mine('search_passages')}
            AND r.row_id = ANY(${ids(passageIds.slice(from, from + PASSAGE_BATCH))})`)
      }
      await db.execute(sql`INSERT INTO term_uses (build_id, term_id, places, anchor)
        SELECT ${id}::int, (r.row ->> 'term_id')::int, (r.row ->> 'places')::int, r.row ->> 'anchor'
        FROM trash_rows r WHERE ${mine('term_uses')} AND ${ofBuild}`)
    }
  } catch (error) {
    await dropBuilds(db, builds).catch(() => {})
    throw error
  }
  return builds
}

/** Removes builds writeBuildsBack wrote for a restore that did not happen (no page shows them). */
export async function dropBuilds(db: Db, builds: ReadonlyMap<number, number>) {
  if (builds.size === 0) return
  await db.execute(sql`DELETE FROM reader_builds b WHERE b.id = ANY(${ids([...builds.values()])})
    AND NOT EXISTS (SELECT 1 FROM content c WHERE c.build_id = b.id)`)
}

const TABLES: Record<TrashKind, string> = { book: 'books', chapter: 'chapters', content: 'content' }

/** The `order` the entry's book, chapter or page had when it was deleted. */
export async function deletedOrder(tx: Tx, trashId: number, kind: TrashKind, entityId: number) {
  const [row] = (
    await tx.execute<{ order: number | null }>(sql`SELECT (row ->> 'order')::int AS "order" FROM trash_rows
      WHERE trash_id = ${trashId} AND table_name = ${TABLES[kind]} AND row_id = ${entityId}`)
  ).rows
  return row?.order ?? 0
}

/** Sets the restored book's, chapter's or page's order (its place was taken). */
export async function setOrder(tx: Tx, kind: TrashKind, id: number, order: number) {
  const table = kind === 'book' ? books : kind === 'chapter' ? chapters : contentPages
  await tx.execute(sql`UPDATE ${table} SET "order" = ${order} WHERE id = ${id}`)
}

export async function deleteEntry(tx: Tx, id: number) {
  await tx.delete(trash).where(eq(trash.id, id))
}

/** Entries due for purging, oldest first, at most `limit`. */
export async function dueEntries(db: DbOrTx, limit: number) {
  return db
    .select({ id: trash.id })
    .from(trash)
    .where(lte(trash.purgeAfter, sql`now()`))
    .orderBy(trash.purgeAfter, trash.id)
    .limit(limit)
}

export async function allEntryIds(db: DbOrTx) {
  return (await db.select({ id: trash.id }).from(trash).orderBy(trash.id)).map((row) => row.id)
}

/**
 * Removes entries that could never be restored any more: chapters whose book and pages whose
 * chapter is neither live nor in the trash (it was purged). Returns what it removed.
 */
export async function deleteOrphans(tx: Tx) {
  const chaptersGone = await tx.execute<{ id: number; kind: string; entity_id: number; title: string }>(sql`
    DELETE FROM trash t WHERE t.kind = 'chapter'
      AND NOT EXISTS (SELECT 1 FROM books b WHERE b.id = t.parent_id)
      AND NOT EXISTS (SELECT 1 FROM trash_rows r WHERE r.table_name = 'books' AND r.row_id = t.parent_id)
    RETURNING t.id, t.kind, t.entity_id, t.title`)
  const pagesGone = await tx.execute<{ id: number; kind: string; entity_id: number; title: string }>(sql`
    DELETE FROM trash t WHERE t.kind = 'content'
      AND NOT EXISTS (SELECT 1 FROM chapters c WHERE c.id = t.parent_id)
      AND NOT EXISTS (SELECT 1 FROM trash_rows r WHERE r.table_name = 'chapters' AND r.row_id = t.parent_id)
    RETURNING t.id, t.kind, t.entity_id, t.title`)
  return [...chaptersGone.rows, ...pagesGone.rows]
}
