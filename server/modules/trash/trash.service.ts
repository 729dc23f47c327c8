// The trash's rules (decision 043): deleting a book, chapter or page moves it here with everything
// under it, in the deleting transaction; an administrator restores it (back under the same ids, with
// its chapters, pages, order and revisions) or purges it; after TRASH_KEEP_DAYS a job purges it.
import type { CurrentUser } from '#shared/api/auth.ts'
import { TRASH_KEEP_DAYS } from '#shared/limits.ts'
import type { TrashKind } from '#shared/api/trash.ts'
import type { Db, Tx } from '../../db/client.ts'
import { withJobLock } from '../../db/job-lock.ts'
import { AppError, notFound } from '../../http/errors.ts'
import type { Page } from '../../lib/paging.ts'
import { recordAudit } from '../audit/audit.service.ts'
import * as repo from './trash.repo.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** The job lock's name: one purge at a time across every server process. */
export const TRASH_PURGE_JOB = 'trash-purge'
/** How many due entries one run purges, each in its own short transaction. */
const PURGE_BATCH = 100

/**
 * Copies what `DELETE` is about to remove into the trash, in the caller's transaction; the caller
 * then deletes it as before (the cascade takes chapters, pages, builds and revisions from their
 * tables). Answers false when there is no such book, chapter or page: the caller's 404 follows.
 */
export async function moveToTrash(tx: Tx, user: CurrentUser, kind: TrashKind, id: number, now = new Date()) {
  const subject = await repo.lockSubject(tx, kind, id)
  if (!subject) return false
  const scope = await repo.lockScope(tx, kind, id)
  const entry = await repo.insertEntry(tx, {
    kind,
    entityId: id,
    title: subject.title,
    parentId: subject.parentId,
    parentTitle: subject.parentTitle,
    chapterCount: scope.chapterIds.length,
    pageCount: scope.pageIds.length,
    deletedBy: user.id,
    deletedByName: user.username,
    deletedAt: now,
    purgeAfter: new Date(now.getTime() + TRASH_KEEP_DAYS * DAY_MS),
  })
  await repo.copyRows(tx, entry.id, scope)
  return true
}

export async function listTrash(db: Db, page: Page) {
  const { rows, total } = await repo.listEntries(db, page)
  return {
    rows: rows.map(({ parentId: _parent, deletedBy: _by, kind, ...row }) => ({ ...row, kind: kind as TrashKind })),
    total,
  }
}

/**
 * Puts an entry back. Refused with 409 while the book or chapter it goes into is in the trash
 * (restore that first) or was purged; put last among its siblings when its place was taken.
 */
export async function restoreFromTrash(db: Db, user: CurrentUser, id: number) {
  // Checked before the reader builds are written again (the long part), and again in the transaction.
  await db.transaction((tx) => restorable(tx, id))
  const builds = await repo.writeBuildsBack(db, id)
  try {
    return await db.transaction(async (tx) => {
      const entry = await restorable(tx, id)
      const kind = entry.kind as TrashKind
      const original = await orderOf(tx, entry)
      const movedToEnd = await repo.orderTaken(tx, kind, entry.parentId, original)
      const order = movedToEnd ? await repo.orderAfterLast(tx, kind, entry.parentId) : original
      await repo.insertRowsBack(tx, entry.id, builds)
      if (movedToEnd) await repo.setOrder(tx, kind, entry.entityId, order)
      await repo.deleteEntry(tx, entry.id)
      await recordAudit(tx, user, 'restore', kind, entry.entityId, {
        title: entry.title,
        deletedAt: entry.deletedAt.toISOString(),
        ...(movedToEnd && { order: { before: original, after: order } }),
      })
      return { kind, entityId: entry.entityId, title: entry.title, movedToEnd }
    })
  } catch (error) {
    await repo.dropBuilds(db, builds).catch(() => {})
    throw error
  }
}

/** The entry, locked, when it can be restored now; else 404 or 409 saying why. */
async function restorable(tx: Tx, id: number) {
  const entry = await repo.lockEntry(tx, id)
  if (!entry) throw notFound('Trash entry')
  const kind = entry.kind as TrashKind
  if (kind !== 'book' && entry.parentId !== null && !(await repo.parentIsLive(tx, kind, entry.parentId))) {
    const holder = await repo.entryHolding(tx, kind, entry.parentId)
    const parent = kind === 'chapter' ? 'book' : 'chapter'
    throw new AppError(
      409,
      'parent_missing',
      holder
        ? `The ${parent} it belongs to is in the trash: restore “${holder.title}” first`
        : `The ${parent} it belonged to no longer exists`,
      holder ? { trashId: holder.id, kind: holder.kind, title: holder.title } : undefined,
    )
  }
  return entry
}

/** The order the book, chapter or page had when it was deleted. */
function orderOf(tx: Tx, entry: repo.TrashRow) {
  return repo.deletedOrder(tx, entry.id, entry.kind as TrashKind, entry.entityId)
}

/** Purges one entry now (and any entry that could only have gone back into it). */
export function purgeFromTrash(db: Db, user: CurrentUser | null, id: number, reason: 'manual' | 'expired') {
  return db.transaction(async (tx) => {
    const entry = await repo.lockEntry(tx, id)
    if (!entry) return 0
    await repo.deleteEntry(tx, entry.id)
    await recordAudit(tx, user, 'purge', entry.kind as TrashKind, entry.entityId, {
      title: entry.title,
      deletedAt: entry.deletedAt.toISOString(),
      reason,
    })
    const orphans = await repo.deleteOrphans(tx)
    for (const orphan of orphans) {
      await recordAudit(tx, user, 'purge', orphan.kind as TrashKind, orphan.entity_id, {
        title: orphan.title,
        reason: 'parent purged',
      })
    }
    return 1 + orphans.length
  })
}

export async function purgeOne(db: Db, user: CurrentUser, id: number) {
  if ((await purgeFromTrash(db, user, id, 'manual')) === 0) throw notFound('Trash entry')
}

/** Empties the trash: every entry purged, each in its own transaction. */
export async function purgeAll(db: Db, user: CurrentUser) {
  let purged = 0
  for (const id of await repo.allEntryIds(db)) purged += await purgeFromTrash(db, user, id, 'manual')
  return purged
}

/**
 * Purges what has been in the trash longer than TRASH_KEEP_DAYS; one run at a time across every
 * process (job_locks). Answers how many entries it purged, or null when another run holds the lock.
 */
export async function purgeExpired(db: Db) {
  const run = await withJobLock(db, TRASH_PURGE_JOB, async () => {
    let purged = 0
    for (;;) {
      const due = await repo.dueEntries(db, PURGE_BATCH)
      for (const { id } of due) purged += await purgeFromTrash(db, null, id, 'expired')
      if (due.length < PURGE_BATCH) return purged
    }
  })
  return run.ran ? run.result : null
}
