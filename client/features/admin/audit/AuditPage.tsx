// /admin/audit: every change an administrator made — who, what, when — newest first.
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import type { AuditEntry } from '#shared/api/audit.ts'
import { fill } from '#shared/text/fill.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { siteTexts } from '#client/texts/common.ts'
import { auditQueries } from '#client/api/audit.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { ListTable, TableCell, TableRow } from '#client/components/ui/Table.tsx'
import { PageNavigation } from '../PageNavigation.tsx'
import { FailureMessage, LoadingMessage } from '../ScreenMessage.tsx'

const dateFormat = new Intl.DateTimeFormat('et-EE', { dateStyle: 'medium', timeStyle: 'medium' })

/** Long values (a term's description) are cut in the line and shown whole on request. */
const SHORT_VALUE_CHARS = 120

function valueText(value: unknown) {
  if (value === null || value === undefined || value === '') return adminTexts.audit.empty_value
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

function isChanges(value: unknown): value is Record<string, { before: unknown; after: unknown }> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((v) => typeof v === 'object' && v !== null && 'before' in v)
  )
}

/**
 * The details the server recorded (a title, import counts …) as short lines; an edit's `changes`
 * as "field: „before“ → „after“", each long value cut short with the whole text a click away.
 */
function AuditDetails({ details }: { details: unknown }) {
  if (details === null || typeof details !== 'object') return <>{details == null ? '' : String(details)}</>
  const { changes, ...rest } = details as Record<string, unknown>
  const line = Object.entries(rest)
    .map(([key, value]) => `${key}: ${valueText(value)}`)
    .join(', ')
  return (
    <>
      {line}
      {isChanges(changes) && Object.keys(changes).length > 0 ? (
        <ul className="mt-1 grid gap-1">
          {Object.entries(changes).map(([field, change]) => {
            const before = valueText(change.before)
            const after = valueText(change.after)
            const long = before.length + after.length > SHORT_VALUE_CHARS
            const text = (value: string) => (long ? `${value.slice(0, SHORT_VALUE_CHARS / 2)}…` : value)
            return (
              <li key={field}>
                {fill(adminTexts.audit.change, { field, before: text(before), after: text(after) })}
                {long ? (
                  <details className="mt-1">
                    <summary className="cursor-pointer text-stone-700 underline">
                      {adminTexts.audit.showWhole}
                      <span className="sr-only">: {field}</span>
                    </summary>
                    <p className="mt-1 whitespace-pre-wrap">
                      {fill(adminTexts.audit.change, { field, before, after })}
                    </p>
                  </details>
                ) : null}
              </li>
            )
          })}
        </ul>
      ) : null}
    </>
  )
}

export function AuditPage() {
  const t = adminTexts.audit
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const log = useQuery(auditQueries.page(page))
  return (
    <div className="grid gap-6">
      <PageHeading title={t.heading}>{t.heading}</PageHeading>
      {log.isPending ? <LoadingMessage>{siteTexts.loading}</LoadingMessage> : null}
      {log.isError ? <FailureMessage>{t.fetchFailed}</FailureMessage> : null}
      {log.data ? (
        <>
          <ListTable
            label={t.heading}
            columns={[t.when, t.who, t.what, t.details]}
            empty={log.data.data.length === 0 ? t.empty : null}
          >
            {log.data.data.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ListTable>
          <PageNavigation pagination={log.data.pagination} onPageChange={(next) => setParams({ page: String(next) })} />
        </>
      ) : null}
    </div>
  )
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap">
        <time dateTime={entry.createdAt}>{dateFormat.format(new Date(entry.createdAt))}</time>
      </TableCell>
      <TableCell>{entry.username ?? '—'}</TableCell>
      <TableCell className="whitespace-nowrap">
        {entry.action} {entry.entity}
        {entry.entityId !== null ? ` #${entry.entityId}` : ''}
      </TableCell>
      <TableCell className="break-words">
        <AuditDetails details={entry.details} />
      </TableCell>
    </TableRow>
  )
}
