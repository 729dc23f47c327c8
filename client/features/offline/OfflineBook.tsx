// The book page's offline section: save the whole book (progress "12 / 40 lehte"), then when and
// how much was saved, the space the site takes, "Uuenda" when pages changed since, and removing
// the copy (offline-books.ts, decision 032).
import { useEffect, useId, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { BookWithChapters } from '#shared/api/books.ts'
import { fill } from '#shared/text/fill.ts'
import { offlineTexts } from '#client/texts/offline.ts'
import { Button } from '#client/components/ui/Button.tsx'
import {
  OfflineCopyError,
  changedPages,
  offlineSavingSupported,
  removeBook,
  saveBook,
  savedBytes,
  useSavedBook,
} from './offline-books.ts'
import type { SaveProgress } from './offline-books.ts'
import { useOnline } from './use-online.ts'

const sizeFormat = new Intl.NumberFormat('et', { maximumFractionDigits: 1 })
const dateFormat = new Intl.DateTimeFormat('et', { dateStyle: 'long', timeStyle: 'short' })

/** "840 kB", "12,3 MB": the size of saved text as a reader thinks of it. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000 * 1000) return `${sizeFormat.format(Math.max(1, Math.round(bytes / 1000)))} kB`
  if (bytes < 1000 * 1000 * 1000) return `${sizeFormat.format(bytes / (1000 * 1000))} MB`
  return `${sizeFormat.format(bytes / (1000 * 1000 * 1000))} GB`
}

type Status =
  | { kind: 'idle' }
  | { kind: 'saving'; progress: SaveProgress | null }
  | { kind: 'failed'; reason: string }
  | { kind: 'removed' }

export function OfflineBook({ book }: { book: BookWithChapters }) {
  const saved = useSavedBook(book.id)
  const online = useOnline()
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const abort = useRef<AbortController | null>(null)
  const headingId = useId()
  const storage = useQuery({
    queryKey: ['offline', 'storage-estimate', saved?.savedAt ?? null, saved?.pages.length ?? 0],
    queryFn: async () => (await navigator.storage?.estimate?.()) ?? null,
    enabled: saved !== null && status.kind !== 'saving',
  })
  const changes = useQuery({
    queryKey: ['offline', 'book-changes', book.id, saved?.savedAt ?? null, saved?.pages.length ?? 0],
    queryFn: ({ signal }) => changedPages(book, saved!, signal),
    enabled: saved !== null && saved.complete && online && status.kind !== 'saving',
    staleTime: 60_000,
  })

  useEffect(() => () => abort.current?.abort(), [])

  if (!offlineSavingSupported()) {
    return (
      <Section headingId={headingId}>
        <p className="text-sm text-stone-600">{offlineTexts.unsupported}</p>
      </Section>
    )
  }

  const save = async () => {
    abort.current?.abort()
    const controller = new AbortController()
    abort.current = controller
    setStatus({ kind: 'saving', progress: null })
    try {
      await saveBook(book, (progress) => setStatus({ kind: 'saving', progress }), controller.signal)
      setStatus({ kind: 'idle' })
    } catch (failure) {
      if (controller.signal.aborted) {
        setStatus({ kind: 'idle' })
        return
      }
      console.error('Saving the book for offline reading failed', failure)
      const reason =
        failure instanceof OfflineCopyError && failure.kind === 'storage'
          ? offlineTexts.failedStorage
          : failure instanceof OfflineCopyError && failure.kind === 'network'
            ? offlineTexts.failedOffline
            : offlineTexts.failedServer
      setStatus({ kind: 'failed', reason })
    }
  }

  const remove = async () => {
    abort.current?.abort()
    await removeBook(book.id)
    setStatus({ kind: 'removed' })
  }

  const saving = status.kind === 'saving'
  return (
    <Section headingId={headingId}>
      {saving ? (
        <SavingProgress progress={status.progress} onCancel={() => abort.current?.abort()} />
      ) : saved === null ? (
        <>
          <p className="text-sm text-stone-600">{offlineTexts.saveHint}</p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <Button variant="secondary" onClick={() => void save()} disabled={!online}>
              {offlineTexts.save}
            </Button>
            {online ? null : <span className="text-sm text-stone-600">{offlineTexts.saveNeedsNetwork}</span>}
          </div>
        </>
      ) : (
        <>
          <p className="text-sm text-stone-700">
            {saved.complete
              ? fill(offlineTexts.savedAt, { date: dateFormat.format(new Date(saved.savedAt)) })
              : fill(offlineTexts.incomplete, { done: saved.pages.length, total: saved.total })}{' '}
            {fill(offlineTexts.savedSize, { pages: saved.pages.length, size: formatBytes(savedBytes(saved)) })}
          </p>
          {storage.data?.usage !== undefined ? (
            <p className="mt-1 text-sm text-stone-600">
              {fill(offlineTexts.storageUsed, {
                usage: formatBytes(storage.data.usage),
                quota: storage.data.quota
                  ? fill(offlineTexts.storageQuota, { quota: formatBytes(storage.data.quota) })
                  : '',
              })}
            </p>
          ) : null}
          {changes.data !== undefined && saved.complete ? (
            <p className="mt-1 text-sm text-stone-700" role="status">
              {changes.data > 0 ? fill(offlineTexts.changed, { count: changes.data }) : offlineTexts.upToDate}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap items-center gap-3">
            {!saved.complete ? (
              <Button variant="secondary" onClick={() => void save()} disabled={!online}>
                {offlineTexts.resume}
              </Button>
            ) : changes.data ? (
              <Button variant="secondary" onClick={() => void save()} disabled={!online}>
                {offlineTexts.update}
              </Button>
            ) : null}
            <Button variant="secondary" onClick={() => void remove()}>
              {offlineTexts.remove}
            </Button>
          </div>
        </>
      )}
      {status.kind === 'failed' ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {fill(offlineTexts.failed, { reason: status.reason })}
        </p>
      ) : null}
      {status.kind === 'removed' && saved === null ? (
        <p role="status" className="mt-3 text-sm text-stone-700">
          {offlineTexts.removed}
        </p>
      ) : null}
    </Section>
  )
}

function Section({ headingId, children }: { headingId: string; children: ReactNode }) {
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-md border border-stone-200 bg-white p-4">
      <h2 id={headingId} className="font-serif text-lg font-semibold text-stone-900">
        {offlineTexts.heading}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  )
}

function SavingProgress({ progress, onCancel }: { progress: SaveProgress | null; onCancel: () => void }) {
  const labelId = useId()
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span id={labelId} className="sr-only">
        {offlineTexts.progressLabel}
      </span>
      <progress
        aria-labelledby={labelId}
        className="h-2 w-48 accent-amber-800"
        max={progress?.total || 1}
        value={progress?.done ?? undefined}
      />
      <span role="status" className="text-sm text-stone-700">
        {progress ? fill(offlineTexts.progress, { done: progress.done, total: progress.total }) : ''}
      </span>
      <Button variant="secondary" onClick={onCancel}>
        {offlineTexts.cancel}
      </Button>
    </div>
  )
}
