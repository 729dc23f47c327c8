// /admin/lexicon: every term, published or not, 20 a page, with search, CSV import, add, edit and
// delete. The search and page live in the address, so returning from a term form keeps them.
import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import type { Term } from '#shared/api/terms.ts'
import { SEARCH_DEBOUNCE_MS } from '#shared/limits.ts'
import { fill } from '#shared/text/fill.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { siteTexts } from '#client/texts/common.ts'
import { termQueries } from '#client/api/terms.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { Input } from '#client/components/ui/Input.tsx'
import { Label } from '#client/components/ui/Label.tsx'
import { ListTable, TableCell, TableRow } from '#client/components/ui/Table.tsx'
import { PageNavigation } from '../PageNavigation.tsx'
import { FailureMessage, LoadingMessage } from '../ScreenMessage.tsx'
import { useDebouncedCallback } from '../use-debounced-callback.ts'
import { DeleteTermDialog } from './DeleteTermDialog.tsx'
import { TermImportDialog } from './TermImportDialog.tsx'

export function AdminLexiconPage() {
  const [params, setParams] = useSearchParams()
  const search = params.get('search') ?? ''
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const terms = useQuery(termQueries.adminPage({ page, search }))

  const applySearch = useDebouncedCallback((value: string) => {
    setParams(value.trim() ? { search: value.trim() } : {}, { replace: true })
  }, SEARCH_DEBOUNCE_MS)

  function goToPage(next: number) {
    setParams({ ...(search ? { search } : {}), page: String(next) })
  }

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading title={adminTexts.lexicon.heading}>{adminTexts.lexicon.heading}</PageHeading>
        <div className="flex flex-wrap gap-2">
          <TermImportDialog />
          <Button asChild>
            <Link to="/admin/terms/new">{adminTexts.lexicon.add}</Link>
          </Button>
        </div>
      </div>
      <TermSearch defaultValue={search} onSearch={applySearch} />
      {terms.isPending ? <LoadingMessage>{siteTexts.loading}</LoadingMessage> : null}
      {terms.isError ? <FailureMessage>{adminTexts.lexicon.fetchFailed}</FailureMessage> : null}
      {terms.data ? (
        <>
          <TermsTable terms={terms.data.data} search={search} />
          <PageNavigation pagination={terms.data.pagination} onPageChange={goToPage} />
        </>
      ) : null}
    </div>
  )
}

function TermSearch({ defaultValue, onSearch }: { defaultValue: string; onSearch: (value: string) => void }) {
  const id = useId()
  return (
    <div role="search" className="grid max-w-md gap-1">
      <Label htmlFor={id}>{adminTexts.lexicon.search}</Label>
      <Input id={id} type="search" defaultValue={defaultValue} onChange={(event) => onSearch(event.target.value)} />
    </div>
  )
}

function TermsTable({ terms, search }: { terms: Term[]; search: string }) {
  const t = adminTexts.lexicon
  return (
    <ListTable
      label={t.heading}
      className="min-w-[28rem]"
      columns={[t.columns.term, t.columns.status, t.columns.actions]}
      empty={terms.length === 0 ? (search ? fill(t.noMatches, { search }) : t.empty) : null}
    >
      {terms.map((term) => (
        <TableRow key={term.id}>
          <TableCell className="font-medium">{term.term}</TableCell>
          <TableCell>
            <PublishedBadge published={term.published} />
          </TableCell>
          <TableCell>
            <div className="flex flex-wrap gap-1">
              <Button asChild variant="ghost">
                <Link to={`/admin/terms/edit/${term.id}`}>
                  {t.editAction}
                  <span className="sr-only">: {term.term}</span>
                </Link>
              </Button>
              <DeleteTermDialog term={term} />
            </div>
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  )
}

function PublishedBadge({ published }: { published: boolean }) {
  return (
    <span
      className={
        published
          ? 'rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900'
          : 'rounded-full bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-700'
      }
    >
      {published ? adminTexts.lexicon.published : adminTexts.lexicon.unpublished}
    </span>
  )
}
