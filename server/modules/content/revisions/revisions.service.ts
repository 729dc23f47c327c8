// A page's history for editors: its versions with what each changed, one revision's text, a
// comparison of two versions (blocks first, words only inside changed blocks), and restoring a
// revision, which is an ordinary save of its text (so the build, search, anchors, the revision of
// the text it replaces and the 409 on a stale version all follow) recorded as a restore.
import type { CurrentUser } from '#shared/api/auth.ts'
import type { ChangeSummary, RevisionComparison, RevisionListItem } from '#shared/api/revisions.ts'
import { REVISION_DIFF_CONTEXT_BLOCKS, REVISION_DIFF_MAX_CHANGED_BLOCKS } from '#shared/limits.ts'
import { notFound } from '../../../http/errors.ts'
import type { Page } from '../../../lib/paging.ts'
import { pageResult } from '../../../lib/paging.ts'
import type { ContentContext } from '../content-state.ts'
import { savePage } from '../pages/index.ts'
import { readBuildBlocks } from '../reader/index.ts'
import * as repo from './revisions.repo.ts'

function parseSummary(text: string | null): ChangeSummary | null {
  if (!text) return null
  try {
    return JSON.parse(text) as ChangeSummary
  } catch {
    return null
  }
}

interface ListRow {
  revisionId: number | null
  version: number
  title: string
  sizeBytes: number
  changeSummary: string | null
  savedAt: Date
  savedBy: string | null
}

const toListItem = (row: ListRow): RevisionListItem => ({
  revisionId: row.revisionId,
  version: row.version,
  title: row.title,
  sizeBytes: row.sizeBytes,
  summary: parseSummary(row.changeSummary),
  savedAt: row.savedAt.toISOString(),
  savedBy: row.savedBy,
})

async function currentOf(db: ContentContext['db'], id: number) {
  const current = await repo.findCurrentVersion(db, id)
  if (!current) throw notFound('Content')
  return current
}

export async function readHistory({ db }: ContentContext, id: number, page: Page) {
  const current = await currentOf(db, id)
  const { rows, total } = await repo.listRevisions(db, id, page)
  return { current: toListItem({ ...current, revisionId: null }), ...pageResult(rows.map(toListItem), total, page) }
}

async function revisionOf(db: ContentContext['db'], id: number, revisionId: number) {
  const revision = await repo.findRevision(db, id, revisionId)
  if (!revision) throw notFound('Revision')
  return revision
}

export async function readRevision({ db }: ContentContext, id: number, revisionId: number) {
  await currentOf(db, id)
  const revision = await revisionOf(db, id, revisionId)
  return { ...toListItem(revision), revisionId, content: revision.content, linksContent: revision.linksContent }
}

/** Revision `fromId` against revision `toId`, or against the page's current text when `toId` is undefined. */
export async function compareRevisions(
  content: ContentContext,
  id: number,
  fromId: number,
  toId: number | undefined,
): Promise<RevisionComparison> {
  const { db } = content
  const current = await currentOf(db, id)
  // The two texts are read at once: on PostgreSQL (a pool) the reads overlap.
  // Their links sections are not read: a comparison is of the page text.
  const textOf = async (revisionId: number) => {
    const revision = await repo.findRevisionText(db, id, revisionId)
    if (!revision) throw notFound('Revision')
    return revision
  }
  const [from, to] = await Promise.all([
    textOf(fromId),
    toId === undefined
      ? current.buildId === null
        ? { content: '', blockBytes: [] }
        : readBuildBlocks(db, current.buildId)
      : textOf(toId),
  ])
  // Cut into blocks (by their kept lengths, or by processing a text kept without them) and compared
  // in the processing worker: the work grows with the page (decision 042).
  const compared = await content.worker.compare({
    from: { content: from.content, blockBytes: from.blockBytes },
    to: { content: to.content, blockBytes: to.blockBytes },
    options: { context: REVISION_DIFF_CONTEXT_BLOCKS, maxChangedBlocks: REVISION_DIFF_MAX_CHANGED_BLOCKS },
  })
  const toVersion = 'revisionId' in to ? to : { ...current, revisionId: null }
  const version = (row: { revisionId: number | null; version: number; savedAt: Date; savedBy: string | null }) => ({
    revisionId: row.revisionId,
    version: row.version,
    savedAt: row.savedAt.toISOString(),
    savedBy: row.savedBy,
  })
  return {
    from: version(from),
    to: version(toVersion),
    titleChanged: from.title === toVersion.title ? null : { from: from.title, to: toVersion.title },
    ...compared,
  }
}

/**
 * Restores revision `revisionId` of page `id` as a new version: its title and text saved through
 * savePage (chapter, order and publication stay as they are now). `baseVersion` is the version the
 * editor saw: 409 when the page was saved since.
 */
export async function restoreRevision(
  content: ContentContext,
  user: CurrentUser,
  id: number,
  revisionId: number,
  baseVersion: number,
) {
  const current = await currentOf(content.db, id)
  const revision = await revisionOf(content.db, id, revisionId)
  return savePage(
    content,
    user,
    id,
    {
      title: revision.title,
      chapterId: current.chapterId,
      order: current.order,
      published: current.published,
      baseVersion,
    },
    { content: revision.content, linksContent: revision.linksContent },
    { action: 'restore', details: { revisionId, restoredVersion: revision.version } },
  )
}
