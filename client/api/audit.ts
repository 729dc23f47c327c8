// The audit log for administrators: who changed what, newest first.
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { AuditPage } from '#shared/api/audit.ts'
import { AUDIT_PAGE_SIZE_ADMIN } from '#shared/limits.ts'
import { getJson } from './http.ts'

export const auditQueries = {
  all: () => ['audit'] as const,
  page: (page: number) =>
    queryOptions({
      queryKey: [...auditQueries.all(), { page }] as const,
      queryFn: async () => {
        const query = new URLSearchParams({ page: String(page), limit: String(AUDIT_PAGE_SIZE_ADMIN) })
        return AuditPage.parse(await getJson<unknown>(`/api/admin/audit?${query}`))
      },
      placeholderData: keepPreviousData,
      // Unlike the app's other data, the log changes with every edit: read it fresh on each visit.
      staleTime: 0,
    }),
}
