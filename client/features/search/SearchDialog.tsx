// The header's search: a button (and Ctrl+K / Cmd+K anywhere) opening a dialog that searches as the
// reader types, filtered by book and lexicon, and opens a page at the passage that matched. The
// dialog's code (SearchDialogBody.tsx) is loaded when it is first wanted: a dialog asked for before
// its code arrived opens as soon as it is there.
import { Suspense, useEffect, useRef, useState } from 'react'
import { searchTexts } from '#client/texts/search.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { lazyPart } from '#client/components/lazy-part.ts'
import { layoutClasses } from '#client/layout/layout-classes.ts'

export const searchDialogBody = lazyPart(() => import('./SearchDialogBody.tsx'), 'SearchDialogBody')

export function SearchDialog() {
  const [open, setOpen] = useState(false)
  /** Mounted from its first opening on, so it closes as a Radix dialog does. */
  const [wanted, setWanted] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  // The filters outlive one opening of the dialog; the words typed do not.
  const [untickedBooks, setUntickedBooks] = useState<ReadonlySet<number>>(() => new Set())
  const [includeLexicon, setIncludeLexicon] = useState(true)

  useEffect(() => {
    function openOnShortcut(event: globalThis.KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.shiftKey) return
      if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'k') return
      event.preventDefault() // the browser's own Ctrl+K goes to the address bar
      setWanted(true)
      setOpen(true)
    }
    window.addEventListener('keydown', openOnShortcut)
    return () => window.removeEventListener('keydown', openOnShortcut)
  }, [])

  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="secondary"
        className={layoutClasses.searchButton}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        onPointerEnter={searchDialogBody.preload}
        onFocus={searchDialogBody.preload}
        onClick={() => {
          setWanted(true)
          setOpen(true)
        }}
      >
        <SearchIcon />
        {searchTexts.open}
        <kbd aria-hidden="true" className={layoutClasses.shortcut}>
          {searchTexts.shortcut}
        </kbd>
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <searchDialogBody.Component
            open={open}
            onOpenChange={setOpen}
            trigger={button}
            untickedBooks={untickedBooks}
            onUntickedBooksChange={setUntickedBooks}
            includeLexicon={includeLexicon}
            onIncludeLexiconChange={setIncludeLexicon}
          />
        </Suspense>
      ) : null}
    </>
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
