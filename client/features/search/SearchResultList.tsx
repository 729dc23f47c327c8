// The search results as a listbox the search box drives (aria-activedescendant): each a page's
// passage or a lexicon term, its matched words marked.
import { Fragment } from 'react'
import { clsx } from 'clsx'
import type { SearchResult } from '#shared/api/search.ts'
import { searchTexts } from '#client/texts/search.ts'

interface SearchResultListProps {
  id: string
  results: readonly SearchResult[]
  /** one per result, stable across answers (resultKeys) */
  keys: readonly string[]
  /** the index of the active result, -1 for none */
  active: number
  optionId: (index: number) => string
  onChoose: (result: SearchResult) => void
  onActivate: (index: number) => void
}

export function SearchResultList({ id, results, keys, active, optionId, onChoose, onActivate }: SearchResultListProps) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={searchTexts.results}
      className={clsx('grid gap-1', results.length === 0 && 'hidden')}
    >
      {results.map((result, index) => (
        <li
          key={keys[index]}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          onClick={() => onChoose(result)}
          onMouseMove={() => index !== active && onActivate(index)}
          className={clsx(
            'cursor-pointer rounded-md border px-3 py-2',
            index === active ? 'border-stone-400 bg-stone-100' : 'border-transparent',
          )}
        >
          <ResultSummary result={result} />
        </li>
      ))}
    </ul>
  )
}

export function ResultSummary({ result }: { result: SearchResult }) {
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
        {isTerm ? searchTexts.typeTerm : searchTexts.typeContent}
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
