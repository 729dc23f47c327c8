// /admin/trash: 'Prügikast' (decision 043). Deleted books, chapters and pages, newest first, with
// when and by whom they were deleted and when they will be purged; restore or purge one (each after
// a confirmation), or empty the whole trash.
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import type { TrashEntry } from '#shared/api/trash.ts'
import { TRASH_KEEP_DAYS } from '#shared/limits.ts'
import { fill } from '#shared/text/fill.ts'
import { toastTexts } from '#client/texts/common.ts'
import { trashTexts as t } from '#client/texts/trash.ts'
import { ApiError, failureText } from '#client/api/http.ts'
import { trashQueries, useEmptyTrash, usePurgeFromTrash, useRestoreFromTrash } from '#client/api/trash.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { LoadingStatus } from '#client/components/LoadingStatus.tsx'
import { ConfirmDialog } from '#client/components/ui/AlertDialog.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { ListTable, TableCell, TableRow } from '#client/components/ui/Table.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { PageNavigation } from '../PageNavigation.tsx'
import { FailureMessage } from '../ScreenMessage.tsx'

const dateFormat = new Intl.DateTimeFormat('et-EE', { dateStyle: 'medium', timeStyle: 'short' })
const dayFormat = new Intl.DateTimeFormat('et-EE', { dateStyle: 'medium' })

export function TrashScreen() {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const trash = useQuery(trashQueries.page(page))
  const total = trash.data?.pagination.total ?? 0
  return (
    <section className="grid gap-6" aria-labelledby="trash-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading title={t.heading}>
          <span id="trash-heading">{t.heading}</span>
        </PageHeading>
        {total > 0 ? <EmptyTrashDialog count={total} /> : null}
      </div>
      <p className="text-sm text-stone-700">{fill(t.intro, { days: TRASH_KEEP_DAYS })}</p>
      {trash.isPending ? <LoadingStatus /> : null}
      {trash.isError ? <FailureMessage>{t.fetchFailed}</FailureMessage> : null}
      {trash.data ? (
        <>
          <ListTable
            label={t.heading}
            columns={[t.columns.what, t.columns.deleted, t.columns.purgeAfter, t.columns.actions]}
            empty={trash.data.data.length === 0 ? t.empty : null}
          >
            {trash.data.data.map((entry) => (
              <TrashRow key={entry.id} entry={entry} />
            ))}
          </ListTable>
          <PageNavigation
            pagination={trash.data.pagination}
            onPageChange={(next) => setParams({ page: String(next) })}
          />
        </>
      ) : null}
    </section>
  )
}

function contents(entry: TrashEntry) {
  if (entry.kind === 'book') return fill(t.contains, { chapters: entry.chapterCount, pages: entry.pageCount })
  if (entry.kind === 'chapter') return fill(t.containsPages, { pages: entry.pageCount })
  return null
}

function TrashRow({ entry }: { entry: TrashEntry }) {
  const held = contents(entry)
  return (
    <TableRow>
      <TableCell>
        <span className="text-sm text-stone-600">{t.kinds[entry.kind]}</span>{' '}
        <span className="font-medium">{entry.title}</span>
        {entry.kind !== 'book' && entry.parentTitle !== null ? (
          <span className="block text-sm text-stone-600">{fill(t.from[entry.kind], { title: entry.parentTitle })}</span>
        ) : null}
        {held ? <span className="block text-sm text-stone-600">{held}</span> : null}
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <time dateTime={entry.deletedAt}>{dateFormat.format(new Date(entry.deletedAt))}</time>
        <span className="block text-sm text-stone-600">{entry.deletedByName ?? t.unknownUser}</span>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <time dateTime={entry.purgeAfter}>{dayFormat.format(new Date(entry.purgeAfter))}</time>
      </TableCell>
      <TableCell>
        <div className="flex flex-wrap gap-1">
          <RestoreDialog entry={entry} />
          <PurgeDialog entry={entry} />
        </div>
      </TableCell>
    </TableRow>
  )
}

/** The server names the book or chapter to restore first; otherwise its own words. */
function restoreFailure(entry: TrashEntry, failure: unknown) {
  if (failure instanceof ApiError && failure.code === 'parent_missing') {
    const details = failure.details as { title?: unknown } | undefined
    return typeof details?.title === 'string'
      ? fill(t.parentInTrash, { title: entry.title, parent: details.title })
      : fill(t.parentGone, { title: entry.title })
  }
  return failureText(failure)
}

function RestoreDialog({ entry }: { entry: TrashEntry }) {
  const [open, setOpen] = useState(false)
  const restore = useRestoreFromTrash()
  async function confirm() {
    let restored
    try {
      restored = await restore.mutateAsync(entry.id)
    } catch (failure) {
      setOpen(false)
      toast({ variant: 'destructive', title: toastTexts.error, description: restoreFailure(entry, failure) })
      return
    }
    setOpen(false)
    toast({
      title: toastTexts.success,
      description: fill(restored.movedToEnd ? t.restoredToEnd : t.restored, { title: entry.title }),
    })
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" aria-label={`${t.restoreAction}: ${entry.title}`}>
          {t.restoreAction}
        </Button>
      }
      title={t.restoreTitle}
      description={fill(t.restoreWarning, { kind: t.kinds[entry.kind], title: entry.title })}
      confirmLabel={t.restoreAction}
      pendingLabel={t.restoring}
      isPending={restore.isPending}
      variant="primary"
      onConfirm={() => void confirm()}
    />
  )
}

function PurgeDialog({ entry }: { entry: TrashEntry }) {
  const [open, setOpen] = useState(false)
  const purge = usePurgeFromTrash()
  async function confirm() {
    try {
      await purge.mutateAsync(entry.id)
    } catch (failure) {
      toast({ variant: 'destructive', title: toastTexts.error, description: failureText(failure) })
      return
    }
    setOpen(false)
    toast({ title: toastTexts.success, description: fill(t.purged, { title: entry.title }) })
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" aria-label={`${t.purgeAction}: ${entry.title}`}>
          {t.purgeAction}
        </Button>
      }
      title={t.purgeTitle}
      description={fill(t.purgeWarning, { title: entry.title })}
      confirmLabel={t.purgeAction}
      pendingLabel={t.purging}
      isPending={purge.isPending}
      onConfirm={() => void confirm()}
    />
  )
}

function EmptyTrashDialog({ count }: { count: number }) {
  const [open, setOpen] = useState(false)
  const empty = useEmptyTrash()
  async function confirm() {
    try {
      await empty.mutateAsync()
    } catch (failure) {
      toast({ variant: 'destructive', title: toastTexts.error, description: failureText(failure) })
      return
    }
    setOpen(false)
    toast({ title: toastTexts.success, description: t.emptied })
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button variant="destructive">{t.emptyAction}</Button>}
      title={t.emptyTitle}
      description={fill(t.emptyWarning, { count })}
      confirmLabel={t.emptyAction}
      pendingLabel={t.emptying}
      isPending={empty.isPending}
      onConfirm={() => void confirm()}
    />
  )
}
