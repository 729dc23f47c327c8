// Saving a page in chunks: each chunk is staged in the database (per user and target), and finalize
// joins them and saves the page like a direct save. Staging is bounded per user and swept on a timer.
import type { CurrentUser } from '#shared/api/auth.ts'
import type { ChunkUpload, FinalizeInput } from '#shared/api/content.ts'
import { CONTENT_SIZE_LIMIT_BYTES } from '#shared/limits.ts'
import type { Db } from '../../../db/client.ts'
import { AppError, badRequest } from '../../../http/errors.ts'
import type { ContentContext } from '../content-state.ts'
import { savePage, tooLarge } from './pages.service.ts'
import { timed, type PhaseClock } from '../processing/save-timing.ts'
import * as staging from './upload-staging.repo.ts'

/** Staged chunks nobody finalized are dropped after a day. */
const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000

/** The most missing chunk indexes an error lists (the count is always given). */
const MISSING_LISTED = 50

const stagingKey = (user: CurrentUser, target: 'new' | number) => ({ userId: user.id, target: String(target) })

/**
 * What one user may have staged at a time: a few unfinished uploads (pages open in several tabs) and
 * their bytes, so staging cannot be used to fill the database. One upload is at most the page limit.
 */
export const STAGING_LIMITS = {
  uploads: 5,
  bytes: Math.round(CONTENT_SIZE_LIMIT_BYTES * 1.05 * 2),
  uploadBytes: Math.round(CONTENT_SIZE_LIMIT_BYTES * 1.05),
}

/** How often the app removes staged chunks nobody finalized (see removeAbandonedUploads). */
export const STAGING_SWEEP_MS = 10 * 60 * 1000

/**
 * Stores one chunk of an upload; sending the same chunk again replaces it (a retry never duplicates
 * text). The user's staging is checked and written in one statement under a lock of that user
 * (stage_upload_chunk, migration 0019), so requests sent in parallel cannot together pass the limits.
 */
export async function stageUploadChunk(db: Db, user: CurrentUser, upload: ChunkUpload, limits = STAGING_LIMITS) {
  if (upload.chunkIndex >= upload.totalChunks) {
    throw badRequest(`chunkIndex ${upload.chunkIndex} is out of range for ${upload.totalChunks} chunks`)
  }
  const key = stagingKey(user, upload.contentId)
  let received: number
  try {
    received = await staging.stageChunk(db, key, upload, limits)
  } catch (error) {
    if (error instanceof staging.StagingRefused) throw refusal(error.refusal, limits)
    throw error
  }
  return {
    chunkIndex: upload.chunkIndex,
    received,
    totalChunks: upload.totalChunks,
    progress: Math.round((received / upload.totalChunks) * 100),
  }
}

function refusal(refused: staging.StagingRefusal, limits: typeof STAGING_LIMITS) {
  switch (refused.reason) {
    case 'totals':
      return badRequest('totalChunks differs from the earlier chunks of this upload; start again from chunk 0')
    case 'upload_bytes':
      return tooLarge(refused.bytes)
    case 'uploads':
      return new AppError(
        429,
        'rate_limited',
        `You have ${refused.uploads} unfinished uploads; finish or restart one of them before starting another (at most ${limits.uploads}).`,
      )
    case 'user_bytes':
      return new AppError(
        413,
        'too_large',
        `Your unfinished uploads hold ${(refused.bytes / 1024 / 1024).toFixed(1)} MB; with this chunk they would pass the limit of ${(limits.bytes / 1024 / 1024).toFixed(0)} MB. Finish or restart an upload first.`,
      )
  }
}

/** Removes staged chunks nobody finalized within a day (the app runs this on a timer). */
export async function removeAbandonedUploads(db: Db, olderThan = new Date(Date.now() - ABANDONED_UPLOAD_MS)) {
  return staging.deleteAbandonedStaging(db, olderThan)
}

/**
 * Joins the staged chunks (all of them, in order) and saves the page. An incomplete upload is a 400
 * whose details name the missing chunk indexes (the first 50) and how many chunks were expected.
 * `clock`, when given, gets the time of each phase (save-timing.ts).
 */
export async function finalizeUpload(
  content: ContentContext,
  user: CurrentUser,
  input: FinalizeInput,
  clock?: PhaseClock,
) {
  const key = stagingKey(user, input.contentId)
  const staged = await timed(clock, 'staging', () => staging.readStagedChunks(content.db, key))
  const have = new Set(staged.map((row) => row.chunkIndex))
  const missing: number[] = []
  for (let i = 0; i < input.totalChunks; i++) if (!have.has(i)) missing.push(i)
  if (missing.length > 0 || staged.length !== input.totalChunks) {
    throw new AppError(
      400,
      'upload_incomplete',
      `The upload is incomplete: ${staged.length} of ${input.totalChunks} chunks received`,
      {
        expected: input.totalChunks,
        received: staged.length,
        missingCount: missing.length,
        missing: missing.slice(0, MISSING_LISTED),
      },
    )
  }
  const html = staged.map((row) => row.chunk).join('')
  const page = await savePage(content, user, input.contentId, input.metadata, { content: html }, undefined, clock)
  await timed(clock, 'staging', () => staging.clearStaging(content.db, key))
  return page
}
