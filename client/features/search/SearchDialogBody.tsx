// The search dialog itself, loaded when it is first opened (or a moment before: pointer or focus on
// the header's button); SearchDialog.tsx keeps the button, the shortcut and the filters' state.
import type { RefObject } from 'react'
import { clsx } from 'clsx'
import { searchTexts } from '#client/texts/search.ts'
import { Dialog, DialogContent } from '#client/components/ui/Dialog.tsx'
import { SearchPanel } from './SearchPanel.tsx'

/** Centred near the top on wider screens (so it does not jump as results come and go), full-screen on phones. */
const dialogClass = clsx(
  'content-start sm:top-[10vh] sm:max-h-[80vh] sm:max-w-2xl sm:translate-y-0',
  'max-sm:inset-0 max-sm:h-dvh max-sm:max-h-none max-sm:w-full max-sm:max-w-none',
  'max-sm:translate-x-0 max-sm:translate-y-0 max-sm:rounded-none max-sm:border-0',
)

export interface SearchDialogBodyProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The header's button: focus returns there when the dialog closes, as to a Radix trigger. */
  trigger: RefObject<HTMLButtonElement | null>
  untickedBooks: ReadonlySet<number>
  onUntickedBooksChange: (books: ReadonlySet<number>) => void
  includeLexicon: boolean
  onIncludeLexiconChange: (include: boolean) => void
}

export function SearchDialogBody({ open, onOpenChange, trigger, ...filters }: SearchDialogBodyProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={searchTexts.title}
        className={dialogClass}
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          trigger.current?.focus()
        }}
      >
        <SearchPanel {...filters} onChosen={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  )
}
