// 'Reprocess All Headers': rebuilds the headings (and term links) of every page on the site, after a
// confirmation, as a background job: its progress shows here, also after a reload of the screen, and
// a toast says when the run this screen watched has finished.
import { useEffect, useRef, useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { ReprocessJob } from '#shared/api/content.ts'
import { fill } from '#shared/text/fill.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { toastTexts } from '#client/texts/common.ts'
import { contentQueries, reprocessQueries, useReprocessHeaders } from '#client/api/content.ts'
import { ApiError } from '#client/api/http.ts'
import { ConfirmDialog } from '#client/components/ui/AlertDialog.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { toast } from '#client/components/ui/use-toast.ts'

const t = adminTexts.reprocessHeaders
const timeFormat = new Intl.DateTimeFormat('et-EE', { dateStyle: 'short', timeStyle: 'short' })

export function ReprocessHeadersDialog() {
  const [open, setOpen] = useState(false)
  const reprocess = useReprocessHeaders()
  const status = useQuery(reprocessQueries.status())
  const job = status.data ?? null
  const running = job?.state === 'running'
  useToastWhenFinished(job)
  const busy = reprocess.isPending || running
  return (
    <div className="grid gap-2">
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        trigger={
          <Button variant="secondary" disabled={busy} aria-busy={busy}>
            {busy ? t.running : t.button}
          </Button>
        }
        title={t.title}
        description={t.description}
        variant="primary"
        confirmLabel={t.confirm}
        pendingLabel={t.running}
        isPending={reprocess.isPending}
        onConfirm={() =>
          reprocess.mutate(undefined, {
            onSuccess: () => setOpen(false),
            onError: (failure) => {
              setOpen(false)
              const serverError = failure instanceof ApiError ? failure.serverMessage : undefined
              toast({ variant: 'destructive', title: toastTexts.error, description: serverError || t.failure })
            },
          })
        }
      />
      <div aria-live="polite" className="text-sm text-stone-700">
        {job ? <JobState job={job} /> : null}
      </div>
    </div>
  )
}

function JobState({ job }: { job: ReprocessJob }) {
  const when = (iso: string) => timeFormat.format(new Date(iso))
  if (job.state === 'running') {
    const text = fill(t.progress, { done: job.done, total: job.total })
    return (
      <div className="grid gap-1">
        <progress
          className="h-2 w-64 accent-amber-700"
          max={Math.max(job.total, 1)}
          value={job.done}
          aria-label={t.progressLabel}
          aria-valuetext={text}
        />
        <p>{text}</p>
        <p className="text-stone-500">{fill(t.startedBy, { who: job.startedBy ?? '?', time: when(job.startedAt) })}</p>
      </div>
    )
  }
  const failed = job.failedIds.length > 0 ? fill(t.failedPages, { ids: job.failedIds.join(', ') }) : null
  const summary =
    job.state === 'interrupted'
      ? fill(t.interrupted, { done: job.done, total: job.total })
      : job.state === 'failed'
        ? fill(t.stopped, { message: job.message ?? '' })
        : fill(t.lastRun, { time: when(job.finishedAt ?? job.startedAt), message: job.message ?? t.success })
  return (
    <p>
      {summary}
      {failed ? ` ${failed}` : null}
    </p>
  )
}

/** A run seen running on this screen that has now ended: say so, and refresh the page lists. */
function useToastWhenFinished(job: ReprocessJob | null) {
  const queryClient = useQueryClient()
  const watched = useRef<number | null>(null)
  useEffect(() => {
    if (!job) return
    if (job.state === 'running') {
      watched.current = job.id
      return
    }
    if (watched.current !== job.id) return
    watched.current = null
    void queryClient.invalidateQueries({ queryKey: contentQueries.all() })
    if (job.state === 'finished') toast({ title: toastTexts.success, description: job.message || t.success })
    else toast({ variant: 'destructive', title: toastTexts.error, description: job.message || t.failure })
  }, [job, queryClient])
}
