// /admin/audit: every change an administrator made — who, what, when — newest first.
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import type { AuditEntry } from '#shared/api/audit.ts'
import { texts } from '#shared/texts.ts'
import { auditQueries } from '#client/api/audit.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import {
  Table,
  TableBody,
  TableCell,
  TableEmptyRow,
  TableHead,
  TableHeader,
  TableRow,
} from '#client/components/ui/Table.tsx'
import { PageNavigation } from '../PageNavigation.tsx'
import { FailureMessage, LoadingMessage } from '../ScreenMessage.tsx'

const dateFormat = new Intl.DateTimeFormat('et-EE', { dateStyle: 'medium', timeStyle: 'medium' })

/** The details the server recorded (a title, import counts …) as one short line of text. */
function describeDetails(details: unknown) {
  if (details === null || typeof details !== 'object') return details == null ? '' : String(details)
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(', ')
}

export function AuditPage() {
  const t = texts.admin.audit
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const log = useQuery(auditQueries.page(page))
  return (
    <div className="grid gap-6">
      <PageHeading title={t.heading}>{t.heading}</PageHeading>
      {log.isPending ? <LoadingMessage>{texts.site.loading}</LoadingMessage> : null}
      {log.isError ? <FailureMessage>{t.fetchFailed}</FailureMessage> : null}
      {log.data ? (
        <>
          <Table label={t.heading}>
            <TableHeader>
              <TableRow>
                <TableHead>{t.when}</TableHead>
                <TableHead>{t.who}</TableHead>
                <TableHead>{t.what}</TableHead>
                <TableHead>{t.details}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {log.data.data.length === 0 ? <TableEmptyRow columns={4}>{t.empty}</TableEmptyRow> : null}
              {log.data.data.map((entry) => (
                <AuditRow key={entry.id} entry={entry} />
              ))}
            </TableBody>
          </Table>
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
      <TableCell className="break-words">{describeDetails(entry.details)}</TableCell>
    </TableRow>
  )
}
