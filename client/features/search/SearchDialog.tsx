// The header's search: a button (and Ctrl+K / Cmd+K anywhere) opening a dialog that searches as the
// reader types, filtered by book and lexicon, and opens a page at the passage that matched.
import { useEffect, useState } from 'react'
import { clsx } from 'clsx'
import { searchTexts } from '#client/texts/search.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { Dialog, DialogContent, DialogTrigger } from '#client/components/ui/Dialog.tsx'
import { SearchPanel } from './SearchPanel.tsx'
import { layoutClasses } from '#client/features/reader/layout-classes.ts'

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
        <Button variant="secondary" className={layoutClasses.searchButton} aria-keyshortcuts="Control+K Meta+K">
          <SearchIcon />
          {searchTexts.open}
          <kbd aria-hidden="true" className={layoutClasses.shortcut}>
            {searchTexts.shortcut}
          </kbd>
        </Button>
      </DialogTrigger>
      <DialogContent title={searchTexts.title} className={dialogClass}>
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

function SearchIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="8.5" cy="8.5" r="5.5" />
      <path d="m13 13 4.5 4.5" strokeLinecap="round" />
    </svg>
  )
}
