// The search dialog's filters: the lexicon on or off, and which books (all by default, in a
// collapsed list).
import { useId } from 'react'
import * as Collapsible from '@radix-ui/react-collapsible'
import type { Book } from '#shared/api/books.ts'
import { fill } from '#shared/text/fill.ts'
import { searchTexts } from '#client/texts/search.ts'
import { Checkbox } from '#client/components/ui/Checkbox.tsx'
import { Label } from '#client/components/ui/Label.tsx'

interface SearchFiltersProps {
  /** undefined until the list has arrived */
  books: readonly Pick<Book, 'id' | 'title'>[] | undefined
  booksFailed: boolean
  untickedBooks: ReadonlySet<number>
  onUntickedBooksChange: (unticked: ReadonlySet<number>) => void
  includeLexicon: boolean
  onIncludeLexiconChange: (include: boolean) => void
}

export function SearchFilters({
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
            {searchTexts.includeLexicon}
          </Label>
        </div>
        <Collapsible.Trigger className="group flex items-center gap-1 rounded px-1 py-0.5 text-stone-800 hover:bg-stone-100">
          <span aria-hidden="true" className="text-xs transition-transform group-data-[state=open]:rotate-90">
            ▸
          </span>
          {books ? fill(searchTexts.booksChosen, { chosen, total: list.length }) : searchTexts.books}
        </Collapsible.Trigger>
      </div>
      <Collapsible.Content>
        {booksFailed ? <p className="text-red-700">{searchTexts.booksFailed}</p> : null}
        <fieldset className="grid max-h-40 gap-1.5 overflow-y-auto rounded-md border border-stone-200 p-2 sm:grid-cols-2">
          <legend className="sr-only">{searchTexts.books}</legend>
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
