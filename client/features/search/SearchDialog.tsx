// The header's search: a button (and Ctrl+K / Cmd+K anywhere) opening a dialog that searches as the
// reader types, filtered by book and lexicon, and opens a page at the passage that matched.
import { Fragment, useEffect, useId, useState } from 'react'
import type { KeyboardEvent } from 'react'
import * as Collapsible from '@radix-ui/react-collapsible'
import { useQuery } from '@tanstack/react-query'
import { clsx } from 'clsx'
import { useNavigate } from 'react-router'
import type { Book } from '#shared/api/books.ts'
import type { SearchResult } from '#shared/api/search.ts'
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_CHARS } from '#shared/limits.ts'
import { fill } from '#shared/text/fill.ts'
import { texts } from '#shared/texts.ts'
import { readerQueries } from '#client/api/reader.ts'
import { searchQueries } from '#client/api/search.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { Checkbox } from '#client/components/ui/Checkbox.tsx'
import { Dialog, DialogContent, DialogTrigger } from '#client/components/ui/Dialog.tsx'
import { Input } from '#client/components/ui/Input.tsx'
import { Label } from '#client/components/ui/Label.tsx'
import {
  activeIndexOf,
  chosenBookIds,
  isNavigationKey,
  nextActiveIndex,
  resultHref,
  resultKeys,
} from './search-navigation.ts'
import { useDebouncedValue } from './use-debounced-value.ts'

/** Centred near the top on wider screens (so it does not jump as results come and go), full-screen on phones. */
const dialogClass = clsx(
  'content-start sm:top-[10vh] sm:max-h-[80vh] sm:max-w-2xl sm:translate-y-0',
  'max-sm:inset-0 max-sm:h-dvh max-sm:max-h-none max-sm:w-full max-sm:max-w-none',
  'max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0',
)

export function SearchDialog() {
  const [open, setOpen] = useState(false)
  // The filters outlive one opening of the dialog; the words typed do not.
  const [untickedBooks, setUntickedBooks] = useState<ReadonlySet<number>>(() => new Set())
  const [includeLexicon, setIncludeLexicon] = useState(true)

  useEffect(() => {
    function openOnShortcut(event: globalThis.KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.shiftKey) return
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'k') return
      event.preventDefault() // the browser's own Ctrl+K goes to the address bar
      setOpen(true)
    }
    window.addEventListener('keydown', openOnShortcut)
    return () => window.removeEventListener('keydown', openOnShortcut)
  }, [])

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="px-3" aria-keyshortcuts="Control+K Meta+K">
          <SearchIcon />
          {texts.search.open}
          <kbd
            aria-hidden="true"
            className="hidden rounded border border-stone-300 px-1 font-sans text-xs text-stone-500 md:inline"
          >
            {texts.search.shortcut}
          </kbd>
        </Button>
      </DialogTrigger>
      <DialogContent title={texts.search.title} className={dialogClass}>
        <SearchPanel
          untickedBooks={untickedBooks}
          onUntickedBooksChange={setUntickedBooks}
          includeLexicon={includeLexicon}
          onIncludeLexiconChange={setIncludeLexicon}
          onChosen={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  )
}

interface SearchPanelProps {
  untickedBooks: ReadonlySet<number>
  onUntickedBooksChange: (unticked: ReadonlySet<number>) => void
  includeLexicon: boolean
  onIncludeLexiconChange: (include: boolean) => void
  onChosen: () => void
}

function SearchPanel({
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
  const q = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS)

  // the side panel's book tree: the same answer, already in the cache
  const books = useQuery(readerQueries.books())
  const bookIds = chosenBookIds(
    books.data?.map((book) => book.id),
    untickedBooks,
  )
  const noBooks = bookIds !== null && bookIds.length === 0
  const searchable = q.length >= SEARCH_MIN_CHARS && !noBooks
  const search = useQuery({ ...searchQueries.results({ q, bookIds, includeLexicon }), enabled: searchable })

  const results = searchable && search.data ? search.data : []
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
        <Label htmlFor={inputId}>{texts.search.input}</Label>
        <Input
          id={inputId}
          type="search"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="go"
          placeholder={texts.search.placeholder}
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
        books={books.data}
        booksFailed={books.isError}
        untickedBooks={untickedBooks}
        onUntickedBooksChange={onUntickedBooksChange}
        includeLexicon={includeLexicon}
        onIncludeLexiconChange={onIncludeLexiconChange}
      />

      <SearchStatus
        typed={typed.trim()}
        noBooks={noBooks}
        searchable={searchable}
        pending={search.isFetching}
        failed={search.isError}
        count={results.length}
      />

      <ul
        id={listboxId}
        role="listbox"
        aria-label={texts.search.results}
        className={clsx('grid gap-1', results.length === 0 && 'hidden')}
      >
        {results.map((result, index) => (
          <li
            key={keys[index]}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            onClick={() => choose(result)}
            onMouseMove={() => index !== active && setActiveKey(keys[index] ?? null)}
            className={clsx(
              'cursor-pointer rounded-md border px-3 py-2',
              index === active ? 'border-stone-400 bg-stone-100' : 'border-transparent',
            )}
          >
            <ResultSummary result={result} />
          </li>
        ))}
      </ul>

      <p aria-hidden="true" className="hidden text-xs text-stone-500 sm:block">
        {texts.search.hint}
      </p>
    </div>
  )
}

function SearchStatus(props: {
  typed: string
  noBooks: boolean
  searchable: boolean
  pending: boolean
  failed: boolean
  count: number
}) {
  if (props.failed && props.searchable && !props.pending) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {texts.search.failed}
      </p>
    )
  }
  let message = ''
  let visible = true
  if (props.noBooks) message = texts.search.noBooks
  else if (props.typed.length > 0 && props.typed.length < SEARCH_MIN_CHARS) {
    message = fill(texts.search.minChars, { min: SEARCH_MIN_CHARS })
  } else if (props.searchable && props.pending) message = texts.search.loading
  else if (props.searchable && props.count === 0) message = texts.reader.noSearchResults
  else if (props.searchable) {
    message = fill(texts.search.resultCount, { count: props.count })
    visible = false // the list says it to the eye; a screen reader hears the count
  }
  return (
    <p role="status" className={clsx('text-sm text-stone-600', (!visible || message === '') && 'sr-only')}>
      {message}
    </p>
  )
}

function ResultSummary({ result }: { result: SearchResult }) {
  const isTerm = result.type === 'term'
  const place = [result.bookTitle, result.chapterTitle].filter(Boolean).join(' › ')
  return (
    <div className="flex min-w-0 items-start gap-2">
      <span
        className={clsx(
          'mt-0.5 shrink-0 rounded px-1.5 py-0.5 text-xs font-medium',
          isTerm ? 'bg-amber-100 text-amber-900' : 'bg-sky-100 text-sky-900',
        )}
      >
        {isTerm ? texts.search.typeTerm : texts.search.typeContent}
      </span>
      <div className="grid min-w-0 gap-0.5">
        <span className="font-medium break-words text-stone-900">{isTerm ? result.term : result.title}</span>
        {!isTerm && place ? <span className="text-xs break-words text-stone-600">{place}</span> : null}
        {!isTerm && result.heading ? (
          <span className="text-xs break-words text-stone-700">§ {result.heading}</span>
        ) : null}
        <span className="text-sm break-words text-stone-700">
          <Snippet result={result} />
        </span>
      </div>
    </div>
  )
}

/** The preview with the matched words marked; every part is text, never HTML. */
function Snippet({ result }: { result: SearchResult }) {
  if (result.snippet.length === 0) return <>{result.preview}</>
  return (
    <>
      {result.snippet.map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-amber-200 px-0.5 text-stone-900">
            {part.text}
          </mark>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  )
}

interface SearchFiltersProps {
  /** undefined until the list has arrived */
  books: readonly Book[] | undefined
  booksFailed: boolean
  untickedBooks: ReadonlySet<number>
  onUntickedBooksChange: (unticked: ReadonlySet<number>) => void
  includeLexicon: boolean
  onIncludeLexiconChange: (include: boolean) => void
}

function SearchFilters({
  books,
  booksFailed,
  untickedBooks,
  onUntickedBooksChange,
  includeLexicon,
  onIncludeLexiconChange,
}: SearchFiltersProps) {
  const lexiconId = useId()
  const bookIdPrefix = useId()
  const list = books ?? []
  const chosen = list.filter((book) => !untickedBooks.has(book.id)).length

  function toggle(bookId: number, ticked: boolean) {
    const next = new Set(untickedBooks)
    if (ticked) next.delete(bookId)
    else next.add(bookId)
    onUntickedBooksChange(next)
  }

  return (
    <Collapsible.Root className="grid gap-2 text-sm">
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <div className="flex items-center gap-2">
          <Checkbox
            id={lexiconId}
            checked={includeLexicon}
            onCheckedChange={(checked) => onIncludeLexiconChange(checked === true)}
          />
          <Label htmlFor={lexiconId} className="font-normal">
            {texts.search.includeLexicon}
          </Label>
        </div>
        <Collapsible.Trigger className="group flex items-center gap-1 rounded px-1 py-0.5 text-stone-800 hover:bg-stone-100">
          <span aria-hidden="true" className="text-xs transition-transform group-data-[state=open]:rotate-90">
            ▸
          </span>
          {books ? fill(texts.search.booksChosen, { chosen, total: list.length }) : texts.search.books}
        </Collapsible.Trigger>
      </div>
      <Collapsible.Content>
        {booksFailed ? <p className="text-red-700">{texts.search.booksFailed}</p> : null}
        <fieldset className="grid max-h-40 gap-1.5 overflow-y-auto rounded-md border border-stone-200 p-2 sm:grid-cols-2">
          <legend className="sr-only">{texts.search.books}</legend>
          {list.map((book) => (
            <div key={book.id} className="flex items-center gap-2">
              <Checkbox
                id={`${bookIdPrefix}-${book.id}`}
                checked={!untickedBooks.has(book.id)}
                onCheckedChange={(checked) => toggle(book.id, checked === true)}
              />
              <Label htmlFor={`${bookIdPrefix}-${book.id}`} className="font-normal break-words">
                {book.title}
              </Label>
            </div>
          ))}
        </fieldset>
      </Collapsible.Content>
    </Collapsible.Root>
  )
}

function SearchIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="8.5" cy="8.5" r="5.5" />
      <path d="m13 13 4.5 4.5" strokeLinecap="round" />
    </svg>
  )
}
