// SQL for a page's revisions as its history shows them: the list and one revision. Keeping a
// revision and the retention policy's pruning are part of every save (pages/pages.repo.ts); the
// current build's blocks a comparison needs are read by reader-builds.repo.ts.
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client.ts'
import { contentPages, contentRevisions, users } from '../../../db/schema.ts'
import type { Page } from '../../../lib/paging.ts'

const listColumns = {
  revisionId: contentRevisions.id,
  version: contentRevisions.version,
  title: contentRevisions.title,
  sizeBytes: contentRevisions.sizeBytes,
  changeSummary: contentRevisions.changeSummary,
  savedAt: contentRevisions.savedAt,
  savedBy: users.username,
}

/** A page's revisions, newest first, without their text; and how many there are. */
export async function listRevisions(db: DbOrTx, contentId: number, page: Page) {
  const rows = await db
    .select(listColumns)
    .from(contentRevisions)
    .leftJoin(users, eq(users.id, contentRevisions.savedBy))
    .where(eq(contentRevisions.contentId, contentId))
    .orderBy(desc(contentRevisions.version))
    .limit(page.limit)
    .offset(page.offset)
  const [total] = await db
    .select({ n: count() })
    .from(contentRevisions)
    .where(eq(contentRevisions.contentId, contentId))
  return { rows, total: total?.n ?? 0 }
}

/** The page's current version as its history's first line (no text). */
export async function findCurrentVersion(db: DbOrTx, contentId: number) {
  const [row] = await db
    .select({
      version: contentPages.version,
      title: contentPages.title,
      sizeBytes: contentPages.sizeBytes,
      changeSummary: contentPages.changeSummary,
      savedAt: contentPages.updatedAt,
      savedBy: users.username,
      buildId: contentPages.buildId,
      chapterId: contentPages.chapterId,
      order: contentPages.order,
      published: contentPages.published,
    })
    .from(contentPages)
    .leftJoin(users, eq(users.id, contentPages.updatedBy))
    .where(eq(contentPages.id, contentId))
  return row
}

/** One revision of page `contentId` with its text (undefined when it is not this page's). */
/**
 * A revision with its page text and block lengths, not its links section: what a comparison reads.
 * The text comes as rows of 2,000 lines (a few hundred kilobytes each) joined here: node-postgres
 * decodes each row whole on the server's main thread, and a 9 MB text in one row held it for 40–80 ms.
 */
export async function findRevisionText(db: DbOrTx, contentId: number, revisionId: number) {
  const [row] = await db
    .select({ ...listColumns, blockBytes: contentRevisions.blockBytes })
    .from(contentRevisions)
    .leftJoin(users, eq(users.id, contentRevisions.savedBy))
    .where(and(eq(contentRevisions.id, revisionId), eq(contentRevisions.contentId, contentId)))
  if (!row) return undefined
  const pieces = await db.execute<{ piece: string }>(sql`
    SELECT string_agg(line, E'\n' ORDER BY n) AS piece
    FROM ${contentRevisions}, string_to_table(${contentRevisions.content}, E'\n') WITH ORDINALITY AS l(line, n)
    WHERE ${contentRevisions.id} = ${revisionId}
    GROUP BY (n - 1) / 2000 ORDER BY (n - 1) / 2000`)
  return { ...row, content: pieces.rows.map((piece) => piece.piece).join('\n') }
}

export async function findRevision(db: DbOrTx, contentId: number, revisionId: number) {
  const [row] = await db
    .select({
      ...listColumns,
      content: contentRevisions.content,
      linksContent: contentRevisions.linksContent,
      blockBytes: contentRevisions.blockBytes,
    })
    .from(contentRevisions)
    .leftJoin(users, eq(users.id, contentRevisions.savedBy))
    .where(and(eq(contentRevisions.id, revisionId), eq(contentRevisions.contentId, contentId)))
  return row
}
