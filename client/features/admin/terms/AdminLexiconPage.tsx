// /admin/lexicon: every term, published or not, 20 a page, with search, CSV import, add, edit and
// delete. The search and page live in the address, so returning from a term form keeps them.
import { useId } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import type { Term } from '#shared/api/terms.ts'
import { SEARCH_DEBOUNCE_MS } from '#shared/limits.ts'
import { fill } from '#shared/text/fill.ts'
import { texts } from '#shared/texts.ts'
import { termQueries } from '#client/api/terms.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { Input } from '#client/components/ui/Input.tsx'
import { Label } from '#client/components/ui/Label.tsx'
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
        <PageHeading title={texts.admin.lexicon.heading}>{texts.admin.lexicon.heading}</PageHeading>
        <div className="flex flex-wrap gap-2">
          <TermImportDialog />
          <Button asChild>
            <Link to="/admin/terms/new">{texts.admin.lexicon.add}</Link>
          </Button>
        </div>
      </div>
      <TermSearch defaultValue={search} onSearch={applySearch} />
      {terms.isPending ? <LoadingMessage>{texts.site.loading}</LoadingMessage> : null}
      {terms.isError ? <FailureMessage>{texts.admin.lexicon.fetchFailed}</FailureMessage> : null}
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
      <Label htmlFor={id}>{texts.admin.lexicon.search}</Label>
      <Input id={id} type="search" defaultValue={defaultValue} onChange={(event) => onSearch(event.target.value)} />
    </div>
  )
}

function TermsTable({ terms, search }: { terms: Term[]; search: string }) {
  const t = texts.admin.lexicon
  return (
    <Table label={t.heading} className="min-w-[28rem]">
      <TableHeader>
        <TableRow>
          <TableHead>{t.columns.term}</TableHead>
          <TableHead>{t.columns.status}</TableHead>
          <TableHead>{t.columns.actions}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {terms.length === 0 ? (
          <TableEmptyRow columns={3}>{search ? fill(t.noMatches, { search }) : t.empty}</TableEmptyRow>
        ) : null}
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
      </TableBody>
    </Table>
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
      {published ? texts.admin.lexicon.published : texts.admin.lexicon.unpublished}
    </span>
  )
}
