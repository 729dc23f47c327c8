// SQL for reader builds: a page's processed blocks, anchor index and search passages, written
// under a build no page shows yet and removed when superseded.
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client.ts'
import { contentPages, readerBlocks, readerBuilds, searchPassages, termUses } from '../../../db/schema.ts'
import type { Passage } from '../processing/passages.ts'
import type { StoredPage } from '../processing/stored-page.ts'
import { timed, type PhaseClock } from '../processing/save-timing.ts'

/**
 * Rows are written in statements of about this many characters (or rows), so that no statement
 * holds the database long. Passages cost more per character (their search vector is computed and
 * indexed), so they go in smaller statements.
 */
const BLOCK_BATCH_CHARS = 150_000
const PASSAGE_BATCH_CHARS = 50_000
const BATCH_ROWS = 1000
/** Rows deleted per statement when a build goes. */
const DELETE_BATCH_ROWS = 2000

/**
 * Writes a page's processed reader data (blocks, anchor index, search passages) as a new build
 * that no page shows yet, in many small statements: on the embedded database (one connection)
 * readers are answered between them. `updatePage`/`insertPage` then switch the page to it.
 */
export async function writeBuild(db: DbOrTx, page: StoredPage, clock?: PhaseClock): Promise<number> {
  const buildId = await startBuild(db, page.passages, clock)
  await finishBuild(db, buildId, page, clock)
  return buildId
}

/**
 * The first half of writeBuild, for a save that has the page's passages before the rest: a new
 * build (its anchor index still empty) with its search passages. A failure removes what was written.
 */
export async function startBuild(db: DbOrTx, passages: readonly Passage[], clock?: PhaseClock): Promise<number> {
  const [build] = await timed(clock, 'build', () =>
    db.insert(readerBuilds).values({ anchors: '[]' }).returning({ id: readerBuilds.id }),
  )
  const buildId = build!.id
  await removedOnFailure(db, buildId, () => timed(clock, 'passages', () => writePassageRows(db, buildId, passages)))
  return buildId
}

/** The second half: the build's blocks, anchor index and term uses. A failure removes the whole build. */
export async function finishBuild(db: DbOrTx, buildId: number, page: StoredPage, clock?: PhaseClock) {
  await removedOnFailure(db, buildId, async () => {
    await timed(clock, 'build', async () => {
      for (const [from, to] of batches(page.blocks, BLOCK_BATCH_CHARS, (html) => html.length)) {
        await db.execute(sql`
          INSERT INTO ${readerBlocks} (build_id, position, html)
          SELECT ${buildId}, ${from} + p - 1, html
          FROM unnest(${sql.param(page.blocks.slice(from, to))}::text[]) WITH ORDINALITY AS b(html, p)`)
      }
      await db.update(readerBuilds).set({ anchors: page.anchorIndex }).where(eq(readerBuilds.id, buildId))
    })
    // One row per term linked: a few hundred at most, one statement.
    if (page.termUses.length > 0) {
      await timed(clock, 'terms', () => db.insert(termUses).values(page.termUses.map((use) => ({ buildId, ...use }))))
    }
  })
}

async function removedOnFailure(db: DbOrTx, buildId: number, write: () => Promise<unknown>) {
  try {
    await write()
  } catch (error) {
    await deleteBuild(db, buildId).catch(() => {}) // else removed as stale at the next start
    throw error
  }
}

async function writePassageRows(db: DbOrTx, buildId: number, passages: readonly Passage[]) {
  for (const [from, to] of batches(passages, PASSAGE_BATCH_CHARS, (x) => x.text.length + x.heading.length)) {
    const part = passages.slice(from, to)
    await db.execute(sql`
      INSERT INTO ${searchPassages} (build_id, position, anchor, heading, text)
      SELECT ${buildId}, p, a, h, t FROM unnest(
        ${sql.param(part.map((x) => x.block))}::int[], ${sql.param(part.map((x) => x.anchor))}::text[],
        ${sql.param(part.map((x) => x.heading))}::text[], ${sql.param(part.map((x) => x.text))}::text[]) AS s(p, a, h, t)`)
  }
}

/** [from, to) ranges of `rows`, each under `maxChars` characters (or one row longer than that) and BATCH_ROWS rows. */
function batches<T>(rows: readonly T[], maxChars: number, charsOf: (row: T) => number): Array<[number, number]> {
  const ranges: Array<[number, number]> = []
  let from = 0
  let chars = 0
  rows.forEach((row, i) => {
    const size = charsOf(row)
    if (i > from && (chars + size > maxChars || i - from >= BATCH_ROWS)) {
      ranges.push([from, i])
      from = i
      chars = 0
    }
    chars += size
  })
  if (from < rows.length) ranges.push([from, rows.length])
  return ranges
}

/** Removes a build that no page shows (superseded, or left by a failed save), a few rows per statement. */
export async function deleteBuild(db: DbOrTx, buildId: number) {
  for (const table of [readerBlocks, searchPassages, termUses]) {
    for (;;) {
      const result = await db.execute(sql`
        DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} WHERE build_id = ${buildId} LIMIT ${DELETE_BATCH_ROWS})`)
      if ((result.rowCount ?? 0) < DELETE_BATCH_ROWS) break
    }
  }
  await db.execute(sql`
    DELETE FROM ${readerBuilds} b WHERE b.id = ${buildId}
    AND NOT EXISTS (SELECT 1 FROM ${contentPages} c WHERE c.build_id = b.id)`)
}

/**
 * Builds no page shows that are older than `olderThan`: left behind when a server stopped in the
 * middle of a save. Younger ones may still be being written by a save in progress.
 */
export async function listStaleBuilds(db: DbOrTx, olderThan: Date) {
  const result = await db.execute<{ id: number }>(sql`
    SELECT b.id FROM ${readerBuilds} b
    WHERE b.created_at < ${olderThan.toISOString()}
    AND NOT EXISTS (SELECT 1 FROM ${contentPages} c WHERE c.build_id = b.id)`)
  return result.rows.map((row) => Number(row.id))
}

export async function readBlocks(db: DbOrTx, buildId: number, from: number, to: number) {
  const rows = await db
    .select({ html: readerBlocks.html })
    .from(readerBlocks)
    .where(and(eq(readerBlocks.buildId, buildId), gte(readerBlocks.position, from), lt(readerBlocks.position, to)))
    .orderBy(asc(readerBlocks.position))
  return rows.map((row) => row.html)
}

/** The build's anchor index (`[[id, block], …]` as JSON), or undefined when the build is gone. */
export async function readAnchorIndex(db: DbOrTx, buildId: number) {
  const [row] = await db
    .select({ anchors: readerBuilds.anchors })
    .from(readerBuilds)
    .where(eq(readerBuilds.id, buildId))
  return row?.anchors
}

/**
 * Blocks `from … to-1` of a build that may hold a heading (their HTML contains `<h`), with their
 * positions, in order: what a page's outline is made from without sending the page's other blocks.
 */
export async function readHeadingBlocks(db: DbOrTx, buildId: number, from: number, to: number) {
  const rows = await db
    .select({ position: readerBlocks.position, html: readerBlocks.html })
    .from(readerBlocks)
    .where(
      and(
        eq(readerBlocks.buildId, buildId),
        gte(readerBlocks.position, from),
        lt(readerBlocks.position, to),
        sql`strpos(${readerBlocks.html}, '<h') > 0`,
      ),
    )
    .orderBy(asc(readerBlocks.position))
  return rows
}

/** How many blocks the build has now (fewer than it was written with once its removal has begun). */
export async function countBlocks(db: DbOrTx, buildId: number) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(readerBlocks)
    .where(eq(readerBlocks.buildId, buildId))
  return Number(row?.count ?? 0)
}

/**
 * Blocks per row where a build's blocks are read as text: a row per block would cost the driver far
 * more (28,000 rows), and one row of the whole 9 MB page held the main thread for 40–80 ms while
 * node-postgres decoded it; 2,000 blocks are about half a megabyte.
 */
const BLOCKS_PER_ROW = sql.raw('2000')

/**
 * The blocks of a reader build, in order, as one text and each block's UTF-8 length (splitBlocks
 * cuts them apart).
 */
export async function readBuildBlocks(db: DbOrTx, buildId: number) {
  const result = await db.execute<{ content: string; block_bytes: number[] }>(sql`
    SELECT string_agg(html, E'\n' ORDER BY position) AS content,
      array_agg(octet_length(html) ORDER BY position) AS block_bytes
    FROM ${readerBlocks} WHERE build_id = ${buildId}
    GROUP BY position / ${BLOCKS_PER_ROW} ORDER BY position / ${BLOCKS_PER_ROW}`)
  return {
    content: result.rows.map((row) => row.content).join('\n'),
    blockBytes: result.rows.flatMap((row) => row.block_bytes.map(Number)),
  }
}

/**
 * A fingerprint of each block of a build, in order: the md5 (hex) of each, joined into one string
 * (one value to receive, not 28,000 rows; the processing worker cuts it up).
 */
export async function readBuildBlockHashes(db: DbOrTx, buildId: number): Promise<string> {
  const result = await db.execute<{ hashes: string }>(
    sql`SELECT coalesce(string_agg(md5(html), '' ORDER BY position), '') AS hashes
      FROM ${readerBlocks} WHERE build_id = ${buildId}`,
  )
  return result.rows[0]!.hashes
}
