// /lexicon: without a search, the letters as collapsible groups whose terms load when opened; with a
// search (300 ms after typing stops), a flat list with 'Load More', 25 terms a page.
import { useEffect, useId, useState } from 'react'
import * as Collapsible from '@radix-ui/react-collapsible'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { Term } from '#shared/api/terms.ts'
import { SEARCH_DEBOUNCE_MS } from '#shared/limits.ts'
import { fill } from '#shared/text/fill.ts'
import { lexiconTexts } from '#client/texts/reader.ts'
import { lexiconQueries } from '#client/api/lexicon.ts'
import { LoadingStatus } from '#client/components/LoadingStatus.tsx'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { Input } from '#client/components/ui/Input.tsx'
import { Label } from '#client/components/ui/Label.tsx'

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return debounced
}

export function LexiconPage() {
  const [typed, setTyped] = useState('')
  const search = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS)
  const inputId = useId()
  return (
    <section className="mx-auto max-w-3xl">
      <PageHeading title={lexiconTexts.heading}>{lexiconTexts.heading}</PageHeading>
      <div role="search" className="mt-6 grid gap-1">
        <Label htmlFor={inputId}>{lexiconTexts.search}</Label>
        <Input id={inputId} type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
      </div>
      <div className="mt-6">{search ? <SearchResults search={search} /> : <LetterGroups />}</div>
    </section>
  )
}

function LetterGroups() {
  const letters = useQuery(lexiconQueries.letters())
  if (letters.isPending) return <LoadingStatus />
  if (letters.isError) return <FailedNote />
  if (letters.data.length === 0) return <p className="text-stone-600">{lexiconTexts.empty}</p>
  return (
    <ul className="grid gap-2">
      {letters.data.map((letter) => (
        <li key={letter}>
          <Collapsible.Root>
            <Collapsible.Trigger className="group flex w-full items-center gap-2 rounded-md border border-stone-200 bg-white px-3 py-2 text-left font-serif text-lg font-semibold hover:bg-stone-100">
              <span aria-hidden="true" className="text-xs transition-transform group-data-[state=open]:rotate-90">
                ▸
              </span>
              {letter}
            </Collapsible.Trigger>
            <Collapsible.Content className="px-3 py-2">
              <LetterTerms letter={letter} />
            </Collapsible.Content>
          </Collapsible.Root>
        </li>
      ))}
    </ul>
  )
}

function LetterTerms({ letter }: { letter: string }) {
  const terms = useQuery(lexiconQueries.byLetter(letter))
  if (terms.isPending) return <LoadingStatus />
  if (terms.isError) return <FailedNote />
  return <TermList terms={terms.data} />
}

function SearchResults({ search }: { search: string }) {
  const results = useInfiniteQuery(lexiconQueries.search(search))
  if (results.isPending) return <LoadingStatus />
  if (results.isError) return <FailedNote />
  const terms = results.data.pages.flatMap((page) => page.data)
  if (terms.length === 0) {
    return (
      <p role="status" className="text-stone-700">
        {fill(lexiconTexts.noMatches, { search })}
      </p>
    )
  }
  return (
    <>
      <TermList terms={terms} />
      {results.hasNextPage ? (
        <Button
          variant="secondary"
          className="mt-4"
          onClick={() => void results.fetchNextPage()}
          disabled={results.isFetchingNextPage}
        >
          {lexiconTexts.loadMore}
        </Button>
      ) : null}
    </>
  )
}

function TermList({ terms }: { terms: Term[] }) {
  return (
    <ul className="grid gap-1 sm:grid-cols-2">
      {terms.map((term) => (
        <li key={term.id}>
          <Link to={`/term/${term.id}`} className="text-amber-900 underline-offset-4 hover:underline">
            {term.term}
          </Link>
        </li>
      ))}
    </ul>
  )
}

function FailedNote() {
  return (
    <p role="alert" className="text-sm text-red-800">
      {lexiconTexts.fetchFailed}
    </p>
  )
}
