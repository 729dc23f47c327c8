// /otsing?q=…: every result of a search, a page at a time, with the total and the dialog's filters.
// What it shows lives in the address (search-page-url.ts), so a search can be shared and Back returns
// to the previous query, filter or page. Loaded lazily, like the book and chapter pages.
import { useEffect, useId, useRef } from 'react'
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from 'react-router'
import type { SearchAnswer } from '#shared/api/search.ts'
import { SEARCH_PAGE_SIZE_FULL } from '#shared/limits.ts'
import { fill } from '#shared/text/fill.ts'
import { searchPageTexts, searchTexts } from '#client/texts/search.ts'
import { readerQueries } from '#client/api/reader.ts'
import { searchQueries } from '#client/api/search.ts'
import { LoadingStatus } from '#client/components/LoadingStatus.tsx'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { Input } from '#client/components/ui/Input.tsx'
import { Label } from '#client/components/ui/Label.tsx'
import { SearchFilters } from './SearchFilters.tsx'
import { ResultSummary } from './SearchResultList.tsx'
import { chosenBookIds, resultHref, resultKeys } from './search-navigation.ts'
import { readSearchPageState, searchPageHref, type SearchPageState } from './search-page-url.ts'

export function SearchPage() {
  const [params] = useSearchParams()
  const state = readSearchPageState(params)
  const navigate = useNavigate()
  const inputId = useId()
  const books = useQuery(readerQueries.books())
  const allBookIds = books.data?.map((book) => book.id)
  const untickedBooks = new Set(state.bookIds ? (allBookIds ?? []).filter((id) => !state.bookIds!.includes(id)) : [])
  const noBooks = state.bookIds !== null && state.bookIds.length === 0
  const searchable = state.q.length > 0 && !noBooks
  const search = useQuery({
    ...searchQueries.results({
      q: state.q,
      bookIds: state.bookIds,
      includeLexicon: state.includeLexicon,
      page: state.page,
      limit: SEARCH_PAGE_SIZE_FULL,
    }),
    enabled: searchable,
    // The last answer stays while the next page or filter is fetched, so the page does not jump.
    placeholderData: keepPreviousData,
  })

  /** A new address for a changed query or filter starts at page 1; each is a step Back returns from. */
  const go = (change: Partial<SearchPageState>) => void navigate(searchPageHref({ ...state, page: 1, ...change }))

  return (
    <section className="mx-auto grid max-w-3xl gap-4">
      <PageHeading title={state.q ? fill(searchPageTexts.titleWithQuery, { q: state.q }) : searchPageTexts.heading}>
        {searchPageTexts.heading}
      </PageHeading>
      {/* key: Back to another query puts that query in the box. */}
      <form
        key={state.q}
        role="search"
        className="grid gap-1"
        onSubmit={(event) => {
          event.preventDefault()
          const typed = new FormData(event.currentTarget).get('q')
          go({ q: typeof typed === 'string' ? typed.trim() : '' })
        }}
      >
        <Label htmlFor={inputId}>{searchTexts.input}</Label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            name="q"
            type="search"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={500}
            placeholder={searchTexts.placeholder}
            defaultValue={state.q}
            autoFocus={state.q === ''}
          />
          <Button type="submit">{searchPageTexts.submit}</Button>
        </div>
      </form>
      <SearchFilters
        books={books.data}
        booksFailed={books.isError}
        untickedBooks={untickedBooks}
        onUntickedBooksChange={(unticked) => go({ bookIds: chosenBookIds(allBookIds, unticked) })}
        includeLexicon={state.includeLexicon}
        onIncludeLexiconChange={(includeLexicon) => go({ includeLexicon })}
      />
      <SearchPageResults state={state} noBooks={noBooks} searchable={searchable} search={search} />
    </section>
  )
}

interface ResultsProps {
  state: SearchPageState
  noBooks: boolean
  searchable: boolean
  search: UseQueryResult<SearchAnswer>
}

function SearchPageResults({ state, noBooks, searchable, search }: ResultsProps) {
  const count = useRef<HTMLHeadingElement>(null)
  const shownPage = useRef(state.page)
  // After going to another page of results, the reader is taken to its top: the count, announced.
  useEffect(() => {
    if (shownPage.current === state.page) return
    shownPage.current = state.page
    count.current?.focus()
    count.current?.scrollIntoView({ block: 'nearest' })
  }, [state.page, search.data])

  if (noBooks) return <p className="text-stone-600">{searchTexts.noBooks}</p>
  if (!searchable) return <p className="text-stone-600">{searchPageTexts.empty}</p>
  if (search.isError && !search.isFetching) {
    return (
      <div role="alert" className="grid justify-items-start gap-2">
        <p className="text-red-700">{searchTexts.failed}</p>
        <Button type="button" variant="secondary" onClick={() => void search.refetch()}>
          {searchPageTexts.retry}
        </Button>
      </div>
    )
  }
  if (!search.data) return <LoadingStatus />

  const { results, pagination } = search.data
  const { total, totalPages } = pagination
  const from = (pagination.page - 1) * SEARCH_PAGE_SIZE_FULL + 1
  const keys = resultKeys(results)
  return (
    <div className="grid gap-4" aria-busy={search.isFetching}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 ref={count} tabIndex={-1} aria-live="polite" className="font-serif text-lg font-semibold text-stone-900">
          {total === 0
            ? searchTexts.noResults
            : total === 1
              ? searchPageTexts.resultCountOne
              : fill(searchPageTexts.resultCount, { count: total })}
        </h2>
        {results.length > 0 ? (
          <p className="text-sm text-stone-600">
            {fill(searchPageTexts.range, {
              from,
              to: from + results.length - 1,
              page: pagination.page,
              pages: totalPages,
            })}
          </p>
        ) : null}
      </div>
      {total > 0 && results.length === 0 ? (
        <p className="text-stone-600">
          {searchPageTexts.pastLastPage}{' '}
          <Link to={searchPageHref({ ...state, page: 1 })} className="underline underline-offset-4">
            {searchPageTexts.firstPage}
          </Link>
        </p>
      ) : null}
      {results.length > 0 ? (
        <ol start={from} className="grid gap-1">
          {results.map((result, index) => (
            <li key={keys[index]}>
              <Link
                to={resultHref(result)}
                className="block rounded-md border border-transparent px-3 py-2 hover:border-stone-300 hover:bg-stone-100"
              >
                <ResultSummary result={result} />
              </Link>
            </li>
          ))}
        </ol>
      ) : null}
      {totalPages > 1 ? <Pager state={state} page={pagination.page} pages={totalPages} /> : null}
    </div>
  )
}

/** Previous and next page of the results, as links (each page has its own address). */
function Pager({ state, page, pages }: { state: SearchPageState; page: number; pages: number }) {
  const linkClass = 'rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm hover:bg-stone-100'
  return (
    <nav aria-label={searchPageTexts.pagesLabel} className="flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link
          to={searchPageHref({ ...state, page: Math.min(page - 1, pages) })}
          rel="prev"
          aria-label={searchPageTexts.previousPage}
          className={linkClass}
        >
          {searchPageTexts.previous}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-stone-600">{fill(searchPageTexts.pageOf, { page, pages })}</span>
      {page < pages ? (
        <Link
          to={searchPageHref({ ...state, page: page + 1 })}
          rel="next"
          aria-label={searchPageTexts.nextPage}
          className={linkClass}
        >
          {searchPageTexts.next}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
