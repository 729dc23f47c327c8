// The inside of the search dialog: the search box (a combobox whose arrow keys move through the
// results and whose Enter opens the active one), the filters, the status line, the results and,
// when there are more than it shows, a link to all of them on the search page.
import { useEffect, useId, useState } from 'react'
import type { KeyboardEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import type { SearchResult } from '#shared/api/search.ts'
import { fill } from '#shared/text/fill.ts'
import { searchTexts } from '#client/texts/search.ts'
import { Input } from '#client/components/ui/Input.tsx'
import { Label } from '#client/components/ui/Label.tsx'
import { SearchFilters } from './SearchFilters.tsx'
import { SearchResultList } from './SearchResultList.tsx'
import { SearchStatus } from './SearchStatus.tsx'
import { activeIndexOf, isNavigationKey, nextActiveIndex, resultHref, resultKeys } from './search-navigation.ts'
import { searchPageHref } from './search-page-url.ts'
import { useSearchResults } from './use-search-results.ts'

interface SearchPanelProps {
  untickedBooks: ReadonlySet<number>
  onUntickedBooksChange: (unticked: ReadonlySet<number>) => void
  includeLexicon: boolean
  onIncludeLexiconChange: (include: boolean) => void
  onChosen: () => void
}

export function SearchPanel({
  untickedBooks,
  onUntickedBooksChange,
  includeLexicon,
  onIncludeLexiconChange,
  onChosen,
}: SearchPanelProps) {
  const navigate = useNavigate()
  const inputId = useId()
  const listboxId = useId()
  const [typed, setTyped] = useState('')
  const [activeKey, setActiveKey] = useState<string | null>(null)
  const { results, ...search } = useSearchResults(typed, { untickedBooks, includeLexicon })

  const keys = resultKeys(results)
  const active = activeIndexOf(keys, activeKey)
  const optionId = (index: number) => `${listboxId}-option-${index}`
  const activeOptionId = active >= 0 ? optionId(active) : undefined

  // Keep the active result visible in a list longer than the dialog.
  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' })
  }, [activeOptionId])

  function choose(result: SearchResult) {
    onChosen()
    void navigate(resultHref(result))
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return
    if (isNavigationKey(event.key)) {
      if (keys.length === 0) return
      event.preventDefault()
      setActiveKey(keys[nextActiveIndex(active, keys.length, event.key)] ?? null)
    } else if (event.key === 'Enter') {
      event.preventDefault()
      const chosen = results[active]
      if (chosen) choose(chosen)
    }
  }

  return (
    <div className="grid content-start gap-3">
      <div className="grid gap-1">
        <Label htmlFor={inputId}>{searchTexts.input}</Label>
        <Input
          id={inputId}
          type="search"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="go"
          placeholder={searchTexts.placeholder}
          aria-autocomplete="list"
          aria-expanded={results.length > 0}
          aria-controls={listboxId}
          aria-activedescendant={activeOptionId}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>

      <SearchFilters
        books={search.books}
        booksFailed={search.booksFailed}
        untickedBooks={untickedBooks}
        onUntickedBooksChange={onUntickedBooksChange}
        includeLexicon={includeLexicon}
        onIncludeLexiconChange={onIncludeLexiconChange}
      />

      <SearchStatus
        typed={typed.trim()}
        noBooks={search.noBooks}
        searchable={search.searchable}
        pending={search.pending}
        failed={search.failed}
        count={results.length}
      />

      <SearchResultList
        id={listboxId}
        results={results}
        keys={keys}
        active={active}
        optionId={optionId}
        onChoose={choose}
        onActivate={(index) => setActiveKey(keys[index] ?? null)}
      />

      {/* More than the dialog shows: all of them on the search page, with the same filters. */}
      {search.total > results.length ? (
        <Link
          to={searchPageHref(search.request)}
          onClick={onChosen}
          className="justify-self-start rounded px-1 py-0.5 text-sm font-medium text-stone-800 underline underline-offset-4 hover:bg-stone-100"
        >
          {fill(searchTexts.allResults, { count: search.total })}
        </Link>
      ) : null}

      <p aria-hidden="true" className="hidden text-xs text-stone-500 sm:block">
        {searchTexts.hint}
      </p>
    </div>
  )
}
