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
import { setImmediate as nextTurn } from 'node:timers/promises'

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

/**
 * Revision `fromId` against revision `toId`, or against the page's current text when `toId` is
 * undefined: the JSON text of a RevisionComparison, written by the processing worker.
 */
export async function compareRevisions(
  content: ContentContext,
  id: number,
  fromId: number,
  toId: number | undefined,
): Promise<string> {
  const { db } = content
  const current = await currentOf(db, id)
  // The two texts are read one after the other, with a turn of the event loop after each, and so is
  // the hand-over to the worker: each costs the main thread tens of milliseconds on a 9 MB page
  // (PGlite decompresses and decodes in this thread; node-postgres decodes the row here), and run
  // back to back in one turn they would hold readers' requests past 100 ms (decision 042).
  // Their links sections are not read: a comparison is of the page text.
  const textOf = async (revisionId: number) => {
    const revision = await repo.findRevisionText(db, id, revisionId)
    if (!revision) throw notFound('Revision')
    await nextTurn()
    return revision
  }
  const from = await textOf(fromId)
  const to =
    toId !== undefined
      ? await textOf(toId)
      : current.buildId === null
        ? { content: '', blockBytes: [] }
        : await readBuildBlocks(db, current.buildId)
  const toVersion = 'revisionId' in to ? to : { ...current, revisionId: null }
  const version = (row: { revisionId: number | null; version: number; savedAt: Date; savedBy: string | null }) => ({
    revisionId: row.revisionId,
    version: row.version,
    savedAt: row.savedAt.toISOString(),
    savedBy: row.savedBy,
  })
  const envelope: Pick<RevisionComparison, 'from' | 'to' | 'titleChanged'> = {
    from: version(from),
    to: version(toVersion),
    titleChanged: from.title === toVersion.title ? null : { from: from.title, to: toVersion.title },
  }
  await nextTurn()
  return content.worker.compareToJson(
    {
      from: { content: from.content, blockBytes: from.blockBytes },
      to: { content: to.content, blockBytes: to.blockBytes },
      options: { context: REVISION_DIFF_CONTEXT_BLOCKS, maxChangedBlocks: REVISION_DIFF_MAX_CHANGED_BLOCKS },
    },
    envelope,
  )
}

/** The page's current version (404 when there is no such page): what a text not saved yet is compared with. */
export async function currentVersionOf({ db }: ContentContext, id: number) {
  return currentOf(db, id)
}

/**
 * The page's current text against a text not saved yet (a Word import's preview), as the comparison
 * of two versions answers: `to` is that text as the next version would be, saved now by `savedBy`.
 */
export async function compareWithUnsaved(
  content: ContentContext,
  current: Awaited<ReturnType<typeof currentVersionOf>>,
  unsaved: { title: string; content: string; savedBy: string | null },
): Promise<RevisionComparison> {
  const from =
    current.buildId === null ? { content: '', blockBytes: [] } : await readBuildBlocks(content.db, current.buildId)
  // The unsaved text has no kept block lengths: the worker processes it as a save would.
  const compared = await content.worker.compare({
    from,
    to: { content: unsaved.content, blockBytes: null },
    options: { context: REVISION_DIFF_CONTEXT_BLOCKS, maxChangedBlocks: REVISION_DIFF_MAX_CHANGED_BLOCKS },
  })
  return {
    from: {
      revisionId: null,
      version: current.version,
      savedAt: current.savedAt.toISOString(),
      savedBy: current.savedBy,
    },
    to: { revisionId: null, version: current.version + 1, savedAt: new Date().toISOString(), savedBy: unsaved.savedBy },
    titleChanged: current.title === unsaved.title ? null : { from: current.title, to: unsaved.title },
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
