// Previous / next between the pages of a paged list, with "page x of y".
import type { Pagination } from '#shared/api/common.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { fill } from '#shared/text/fill.ts'
import { Button } from '#client/components/ui/Button.tsx'

interface PageNavigationProps {
  pagination: Pagination
  onPageChange: (page: number) => void
}

export function PageNavigation({ pagination, onPageChange }: PageNavigationProps) {
  if (pagination.totalPages <= 1) return null
  return (
    <nav aria-label={adminTexts.pagination.label} className="flex flex-wrap items-center justify-between gap-3">
      <Button variant="secondary" disabled={!pagination.hasPrev} onClick={() => onPageChange(pagination.page - 1)}>
        {adminTexts.pagination.previous}
      </Button>
      <p className="text-sm text-stone-700" aria-live="polite">
        {fill(adminTexts.pagination.pageOf, { page: pagination.page, totalPages: pagination.totalPages })}
      </p>
      <Button variant="secondary" disabled={!pagination.hasNext} onClick={() => onPageChange(pagination.page + 1)}>
        {adminTexts.pagination.next}
      </Button>
    </nav>
  )
}
