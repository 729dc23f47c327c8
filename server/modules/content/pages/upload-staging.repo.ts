// SQL for upload staging: the chunks of a page upload waiting for finalize, per user and target.
import { and, asc, eq, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client.ts'
import { uploadChunks } from '../../../db/schema.ts'

/** Stores one chunk; answers true when it is new, false when it replaced an earlier copy (a retry). */
export async function stageChunk(
  db: DbOrTx,
  key: { userId: number; target: string },
  chunk: { chunkIndex: number; totalChunks: number; chunk: string },
) {
  const [row] = await db
    .insert(uploadChunks)
    .values({ ...key, ...chunk })
    .onConflictDoUpdate({
      target: [uploadChunks.userId, uploadChunks.target, uploadChunks.chunkIndex],
      set: { chunk: chunk.chunk, totalChunks: chunk.totalChunks, createdAt: new Date() },
    })
    // xmax is 0 for a row this statement inserted, and set when it updated one.
    .returning({ inserted: sql<boolean>`(xmax = 0)` })
  return row?.inserted === true
}

export async function readStagedChunks(db: DbOrTx, key: { userId: number; target: string }) {
  return db
    .select({ chunkIndex: uploadChunks.chunkIndex, totalChunks: uploadChunks.totalChunks, chunk: uploadChunks.chunk })
    .from(uploadChunks)
    .where(and(eq(uploadChunks.userId, key.userId), eq(uploadChunks.target, key.target)))
    .orderBy(asc(uploadChunks.chunkIndex))
}

export async function clearStaging(db: DbOrTx, key: { userId: number; target: string }) {
  await db.delete(uploadChunks).where(and(eq(uploadChunks.userId, key.userId), eq(uploadChunks.target, key.target)))
}

/** Removes chunks staged before `olderThan`; answers how many went. */
export async function deleteAbandonedStaging(db: DbOrTx, olderThan: Date) {
  const removed = await db
    .delete(uploadChunks)
    .where(lt(uploadChunks.createdAt, olderThan))
    .returning({ userId: uploadChunks.userId })
  return removed.length
}

/** Holds a transaction-scoped lock of the user's staging, so that user's chunk requests go one at a time. */
export async function lockUserStaging(tx: DbOrTx, userId: number) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${STAGING_LOCK}, ${userId})`)
}

/** The first key of the two-key advisory lock (the second is the user id): "upld". */
const STAGING_LOCK = 0x75706c64

/**
 * In one query, what a new chunk of `key` is checked against: this upload's chunks so far (how many,
 * their bytes, the totalChunks they named) and the user's unfinished uploads with their bytes,
 * leaving out the chunk `replacing` of `key` (a retry of it replaces it, so its old bytes do not
 * count). One statement instead of two: a 9 MB page is ~180 chunks.
 */
export async function stagingState(db: DbOrTx, key: { userId: number; target: string }, replacing: number) {
  const result = await db.execute<{
    received: string
    bytes: string
    totals: number[] | null
    uploads: string
    user_bytes: string
  }>(sql`
    SELECT count(*) FILTER (WHERE ${uploadChunks.target} = ${key.target}) AS received,
      coalesce(sum(octet_length(${uploadChunks.chunk})) FILTER (WHERE ${uploadChunks.target} = ${key.target}), 0) AS bytes,
      array_agg(DISTINCT ${uploadChunks.totalChunks}) FILTER (WHERE ${uploadChunks.target} = ${key.target}) AS totals,
      count(DISTINCT ${uploadChunks.target}) AS uploads,
      coalesce(sum(octet_length(${uploadChunks.chunk})) FILTER (
        WHERE NOT (${uploadChunks.target} = ${key.target} AND ${uploadChunks.chunkIndex} = ${replacing})), 0) AS user_bytes
    FROM ${uploadChunks} WHERE ${uploadChunks.userId} = ${key.userId}`)
  const row = result.rows[0]
  return {
    upload: {
      received: Number(row?.received ?? 0),
      bytes: Number(row?.bytes ?? 0),
      totals: (row?.totals ?? []).map(Number),
    },
    user: { uploads: Number(row?.uploads ?? 0), bytes: Number(row?.user_bytes ?? 0) },
  }
}
