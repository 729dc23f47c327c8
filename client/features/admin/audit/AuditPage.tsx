// /admin/audit: every change an administrator made — who, what, when — newest first.
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import type { AuditEntry } from '#shared/api/audit.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { siteTexts } from '#client/texts/common.ts'
import { auditQueries } from '#client/api/audit.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { ListTable, TableCell, TableRow } from '#client/components/ui/Table.tsx'
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
      <TableCell className="break-words">{describeDetails(entry.details)}</TableCell>
    </TableRow>
  )
}
