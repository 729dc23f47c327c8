// SQL for upload staging: the chunks of a page upload waiting for finalize, per user and target.
import { and, asc, eq, lt, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client.ts'
import { pgError } from '../../../lib/pg-errors.ts'
import { uploadChunks } from '../../../db/schema.ts'

/** Why stage_upload_chunk refused a chunk, with the figures the message names. */
export type StagingRefusal =
  | { reason: 'totals' }
  | { reason: 'upload_bytes'; bytes: number }
  | { reason: 'uploads'; uploads: number }
  | { reason: 'user_bytes'; bytes: number }

export class StagingRefused extends Error {
  constructor(readonly refusal: StagingRefusal) {
    super(`staging refused: ${refusal.reason}`)
  }
}

/** The SQLSTATE stage_upload_chunk raises a refusal with (migration 0019). */
const REFUSED = 'UPLD0'

/**
 * Stores one chunk in one statement (migration 0019, decision 054): under a lock of the user's staging,
 * chunk 0 clears an earlier unfinished upload of the target, the limits are checked, and the chunk is
 * stored (a retry replaces it). Answers how many chunks of the upload are staged now; a refusal is
 * thrown as StagingRefused, and then nothing changed.
 */
export async function stageChunk(
  db: DbOrTx,
  key: { userId: number; target: string },
  chunk: { chunkIndex: number; totalChunks: number; chunk: string },
  limits: { uploads: number; bytes: number; uploadBytes: number },
): Promise<number> {
  try {
    const result = await db.execute<{ received: number }>(sql`
      SELECT stage_upload_chunk(${key.userId}, ${key.target}, ${chunk.chunkIndex}, ${chunk.totalChunks},
        ${chunk.chunk}, ${limits.uploadBytes}, ${limits.bytes}, ${limits.uploads}) AS received`)
    return Number(result.rows[0]?.received ?? 0)
  } catch (error) {
    const refused = refusalOf(error)
    if (refused) throw new StagingRefused(refused)
    throw error
  }
}

function refusalOf(error: unknown): StagingRefusal | null {
  const said = pgError(error)
  if (said?.code !== REFUSED) return null
  const figures = (said.detail ? JSON.parse(said.detail) : {}) as { bytes?: number; uploads?: number }
  switch (said.message) {
    case 'totals':
      return { reason: 'totals' }
    case 'upload_bytes':
      return { reason: 'upload_bytes', bytes: Number(figures.bytes) }
    case 'uploads':
      return { reason: 'uploads', uploads: Number(figures.uploads) }
    case 'user_bytes':
      return { reason: 'user_bytes', bytes: Number(figures.bytes) }
    default:
      return null
  }
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
