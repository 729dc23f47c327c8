// /admin/content/history/:id: a page's versions (date, who, size, what changed), two of them
// compared (or one against the current text), and "Taasta see versioon". The chosen comparison and
// view live in the address, so a comparison can be reloaded or shared with another editor.
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import type { ChangeSummary, RevisionHistory, RevisionListItem } from '#shared/api/revisions.ts'
import { fill } from '#shared/text/fill.ts'
import { revisionQueries } from '#client/api/revisions.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { ListTable, TableCell, TableRow } from '#client/components/ui/Table.tsx'
import { revisionTexts as t } from '#client/texts/revisions.ts'
import { PageNavigation } from '../PageNavigation.tsx'
import { FailureMessage, LoadingMessage } from '../ScreenMessage.tsx'
import { isNotFound, parseRouteId } from '../route-ids.ts'
import { ComparisonView, type ComparisonLayout } from './ComparisonView.tsx'
import { RestoreRevisionDialog } from './RestoreRevisionDialog.tsx'

const dateFormat = new Intl.DateTimeFormat('et-EE', { dateStyle: 'medium', timeStyle: 'short' })

export function formatSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} B`
}

export function describeSummary(summary: ChangeSummary | null) {
  return summary ? fill(t.summary, { ...summary }) : t.summaryUnknown
}

/** The address's choice: `from` a revision id, `to` a revision id or the current text. */
function readChoice(params: URLSearchParams) {
  const from = parseRouteId(params.get('from') ?? undefined)
  const toParam = params.get('to')
  const to = toParam === null || toParam === 'current' ? null : parseRouteId(toParam)
  const view: ComparisonLayout = params.get('view') === 'side' ? 'side' : 'inline'
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  return { from, to, view, page }
}

export function RevisionHistoryPage() {
  const id = parseRouteId(useParams().id)
  return (
    <div className="grid gap-6">
      <PageHeading title={t.heading}>{t.heading}</PageHeading>
      {id === null ? <FailureMessage>{t.notFound}</FailureMessage> : <History id={id} />}
    </div>
  )
}

function History({ id }: { id: number }) {
  const [params, setParams] = useSearchParams()
  const choice = readChoice(params)
  const history = useQuery(revisionQueries.history(id, choice.page))
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params)
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key)
      else next.set(key, value)
    }
    setParams(next)
  }

  if (history.isError) {
    return <FailureMessage>{isNotFound(history.error) ? t.notFound : t.fetchFailed}</FailureMessage>
  }
  if (history.isPending) return <LoadingMessage>{t.loading}</LoadingMessage>
  const data = history.data
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="font-serif text-lg text-stone-800">{fill(t.headingOf, { title: data.current.title })}</p>
        <Button asChild variant="secondary">
          <Link to={`/admin/content/edit/${id}`}>{t.backToEditor}</Link>
        </Button>
      </div>
      <VersionChooser
        key={`${choice.from}-${choice.to}-${data.current.version}-${choice.page}`}
        id={id}
        history={data}
        initialFrom={choice.from}
        initialTo={choice.to}
        onCompare={(from, to) => update({ from: String(from), to: to === null ? 'current' : String(to) })}
      />
      <PageNavigation pagination={data.pagination} onPageChange={(page) => update({ page: String(page) })} />
      {choice.from !== null ? (
        <ComparisonView
          id={id}
          from={choice.from}
          to={choice.to}
          layout={choice.view}
          onLayoutChange={(view) => update({ view: view === 'side' ? 'side' : null })}
        />
      ) : null}
    </>
  )
}

interface VersionChooserProps {
  id: number
  history: RevisionHistory
  initialFrom: number | null
  initialTo: number | null
  onCompare: (from: number, to: number | null) => void
}

/** The versions as a table; two radio groups pick the older and the newer side of a comparison. */
function VersionChooser({ id, history, initialFrom, initialTo, onCompare }: VersionChooserProps) {
  const revisions = history.data
  const [from, setFrom] = useState<number | null>(initialFrom ?? revisions[0]?.revisionId ?? null)
  const [to, setTo] = useState<number | null>(initialTo)
  const versionOf = (revisionId: number | null) =>
    revisionId === null ? history.current.version : revisions.find((r) => r.revisionId === revisionId)?.version
  const fromVersion = versionOf(from)
  const toVersion = versionOf(to)
  // Older before newer; versions not on this page of the list are left to the server to judge.
  const wrongOrder = fromVersion !== undefined && toVersion !== undefined && fromVersion >= toVersion
  const rows: RevisionListItem[] = [history.current, ...revisions]
  return (
    <div className="grid gap-3">
      <ListTable
        label={t.tableLabel}
        columns={[
          t.columns.from,
          t.columns.to,
          t.columns.version,
          t.columns.when,
          t.columns.who,
          t.columns.size,
          t.columns.summary,
          t.columns.actions,
        ]}
        empty={null}
      >
        {rows.map((row) => (
          <TableRow key={row.revisionId ?? 'current'}>
            <TableCell>
              {row.revisionId !== null ? (
                <input
                  type="radio"
                  name="compare-from"
                  className="size-4 accent-stone-800"
                  checked={from === row.revisionId}
                  onChange={() => setFrom(row.revisionId)}
                  aria-label={fill(t.chooseFrom, { version: row.version })}
                />
              ) : null}
            </TableCell>
            <TableCell>
              <input
                type="radio"
                name="compare-to"
                className="size-4 accent-stone-800"
                checked={to === row.revisionId}
                onChange={() => setTo(row.revisionId)}
                aria-label={fill(t.chooseTo, { version: row.version })}
              />
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {fill(t.versionNumber, { version: row.version })}
              {row.revisionId === null ? <span className="ml-1 text-stone-600">({t.current})</span> : null}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              <time dateTime={row.savedAt}>{dateFormat.format(new Date(row.savedAt))}</time>
            </TableCell>
            <TableCell>{row.savedBy ?? t.unknownUser}</TableCell>
            <TableCell className="whitespace-nowrap">{formatSize(row.sizeBytes)}</TableCell>
            <TableCell>{describeSummary(row.summary)}</TableCell>
            <TableCell>
              {row.revisionId !== null ? (
                <RestoreRevisionDialog
                  id={id}
                  revisionId={row.revisionId}
                  version={row.version}
                  baseVersion={history.current.version}
                />
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
      {revisions.length === 0 && history.pagination.total === 0 ? (
        <p className="text-sm text-stone-700">{t.empty}</p>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button disabled={from === null || wrongOrder} onClick={() => from !== null && onCompare(from, to)}>
            {t.compare}
          </Button>
          {wrongOrder ? (
            <p role="status" className="text-sm text-stone-700">
              {t.sameVersion}
            </p>
          ) : null}
        </div>
      )}
    </div>
  )
}
