// The line under the search box: why nothing is searched yet, that a search runs, failed or found
// nothing, and (for screen readers only) how many results there are.
import { clsx } from 'clsx'
import { SEARCH_MIN_CHARS } from '#shared/limits.ts'
import { fill } from '#shared/text/fill.ts'
import { searchTexts } from '#client/texts/search.ts'

export function SearchStatus(props: {
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
        {searchTexts.failed}
      </p>
    )
  }
  let message = ''
  let visible = true
  if (props.noBooks) message = searchTexts.noBooks
  else if (props.typed.length > 0 && props.typed.length < SEARCH_MIN_CHARS) {
    message = fill(searchTexts.minChars, { min: SEARCH_MIN_CHARS })
  } else if (props.searchable && props.pending) message = searchTexts.loading
  else if (props.searchable && props.count === 0) message = searchTexts.noResults
  else if (props.searchable) {
    message = fill(searchTexts.resultCount, { count: props.count })
    visible = false // the list says it to the eye; a screen reader hears the count
  }
  return (
    <p role="status" className={clsx('text-sm text-stone-600', (!visible || message === '') && 'sr-only')}>
      {message}
    </p>
  )
}
