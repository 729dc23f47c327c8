// On phones the side panel becomes a menu that slides in from the left. The button is here; the
// sheet (PhoneMenuSheet.tsx, with the book tree) loads when the menu is first wanted, or a moment
// before: when the pointer or focus reaches the button. A tap before it arrived opens it when it has.
import { Suspense, useRef, useState } from 'react'
import { sidePanelTexts } from '#client/texts/reader.ts'
import { lazyPart } from '#client/components/lazy-part.ts'
import { layoutClasses } from './layout-classes.ts'

const sheet = lazyPart(() => import('./PhoneMenuSheet.tsx'), 'PhoneMenuSheet')

export function PhoneMenu({ contentId }: { contentId: number | null }) {
  const [open, setOpen] = useState(false)
  /** Mounted from its first opening on, so it closes (and slides out) as before. */
  const [wanted, setWanted] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? 'open' : 'closed'}
        className={layoutClasses.menuButton}
        onPointerEnter={sheet.preload}
        onPointerDown={sheet.preload}
        onFocus={sheet.preload}
        onClick={() => {
          setWanted(true)
          setOpen(true)
        }}
      >
        <span aria-hidden="true">☰</span>
        {sidePanelTexts.menu}
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <sheet.Component contentId={contentId} open={open} onOpenChange={setOpen} trigger={button} />
        </Suspense>
      ) : null}
    </>
  )
}
