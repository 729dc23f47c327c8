// SQL for a page's revisions as its history shows them: the list, one revision, the blocks a
// comparison needs, and the retention policy's pruning. Keeping a revision is content.repo.ts's
// keepRevision (part of every save).
import { and, count, desc, eq, sql } from 'drizzle-orm'
import { REVISIONS_KEEP_ALL_DAYS, REVISIONS_KEEP_DAILY_DAYS, REVISIONS_KEEP_NEWEST } from '#shared/limits.ts'
import type { DbOrTx } from '../../db/client.ts'
import { contentPages, contentRevisions, readerBlocks, users } from '../../db/schema.ts'
import type { Page } from '../../lib/paging.ts'

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

/**
 * The blocks of a reader build, in order, as one text and each block's UTF-8 length (splitBlocks
 * cuts them apart): one row, where 28,000 rows would cost the driver far more.
 */
export async function readBuildBlocks(db: DbOrTx, buildId: number) {
  const result = await db.execute<{ content: string; block_bytes: number[] }>(sql`
    SELECT coalesce(string_agg(html, E'\n' ORDER BY position), '') AS content,
      coalesce(array_agg(octet_length(html) ORDER BY position), '{}') AS block_bytes
    FROM ${readerBlocks} WHERE build_id = ${buildId}`)
  const row = result.rows[0]!
  return { content: row.content, blockBytes: row.block_bytes.map(Number) }
}

/** A fingerprint of each block of a build, in order: enough to tell which blocks a save changed. */
export async function readBuildBlockHashes(db: DbOrTx, buildId: number): Promise<string[]> {
  const result = await db.execute<{ hash: string }>(
    sql`SELECT md5(html) AS hash FROM ${readerBlocks} WHERE build_id = ${buildId} ORDER BY position`,
  )
  return result.rows.map((row) => row.hash)
}

/**
 * The retention policy (decision 033, shared/limits.ts): of page `contentId`'s revisions, keeps the
 * newest REVISIONS_KEEP_NEWEST, every one saved in the last REVISIONS_KEEP_ALL_DAYS days, the last
 * of each day (UTC) up to REVISIONS_KEEP_DAILY_DAYS days back and the last of each month before
 * that; removes the rest. Answers how many were removed.
 */
export async function pruneRevisions(tx: DbOrTx, contentId: number, now: Date): Promise<number> {
  const day = 24 * 60 * 60 * 1000
  const keepAllSince = new Date(now.getTime() - REVISIONS_KEEP_ALL_DAYS * day)
  const dailySince = new Date(now.getTime() - REVISIONS_KEEP_DAILY_DAYS * day)
  const result = await tx.execute(sql`
    DELETE FROM ${contentRevisions} WHERE id IN (
      SELECT id FROM (
        SELECT id, saved_at,
          row_number() OVER (ORDER BY version DESC) AS newest,
          row_number() OVER (PARTITION BY date_trunc('day', saved_at AT TIME ZONE 'UTC') ORDER BY version DESC) AS of_day,
          row_number() OVER (PARTITION BY date_trunc('month', saved_at AT TIME ZONE 'UTC') ORDER BY version DESC) AS of_month
        FROM ${contentRevisions} WHERE content_id = ${contentId}
      ) ranked
      WHERE newest > ${REVISIONS_KEEP_NEWEST}
        AND saved_at < ${keepAllSince.toISOString()}::timestamptz
        AND NOT (saved_at >= ${dailySince.toISOString()}::timestamptz AND of_day = 1)
        AND NOT (saved_at < ${dailySince.toISOString()}::timestamptz AND of_month = 1))`)
  return result.rowCount ?? 0
}
