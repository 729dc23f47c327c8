// The imported page as the reader shows it (the reader's classes: reader.css is in the site's main
// bundle), in a box of its own: its table of contents beside it, and footnote jumps that work
// inside the box, there and back. Pieces are drawn when they come near the view or when a jump
// needs them, so a 9 MB document never costs the tab one long layout.
import { memo, useCallback, useEffect, useRef, useState } from 'react'
import type { MouseEvent, RefObject } from 'react'
import { flushSync } from 'react-dom'
import { READER_HIGHLIGHT_MS } from '#shared/limits.ts'
import { wordImportTexts as t } from '#client/texts/word-import.ts'
import { pieceHolding } from './preview-document.ts'
import type { PreviewDocument, PreviewHeading } from './preview-document.ts'

/** Placeholders start drawing this far before they scroll into view (as the reader's gaps). */
const GAP_ROOT_MARGIN = '800px 0px'
const HIGHLIGHT_CLASS = 'reader-highlight'

export function PreviewPage({ imported }: { imported: PreviewDocument }) {
  const box = useRef<HTMLDivElement>(null)
  // the first piece at once, and the notes' first piece, where the first footnote jumps
  const [drawn, setDrawn] = useState<ReadonlySet<number>>(() => {
    const firstNotes = imported.pieces.findIndex((piece) => piece.part === 'links')
    return new Set(firstNotes === -1 ? [0] : [0, firstNotes])
  })

  const draw = useCallback((index: number) => {
    setDrawn((current) => (current.has(index) ? current : new Set(current).add(index)))
  }, [])

  /** Draws a piece now, so its elements can be scrolled to in the same event. */
  function drawNow(index: number) {
    if (!drawn.has(index)) flushSync(() => draw(index))
  }

  function land(target: Element | null | undefined) {
    if (!(target instanceof HTMLElement)) return
    target.scrollIntoView({ block: 'start' })
    if (target.tabIndex < 0 && !target.matches('a[href]')) target.tabIndex = -1
    target.focus({ preventScroll: true })
    target.classList.add(HIGHLIGHT_CLASS)
    window.setTimeout(() => target.classList.remove(HIGHLIGHT_CLASS), READER_HIGHLIGHT_MS)
  }

  function findInBox(id: string): Element | null {
    const escaped = CSS.escape(id)
    return box.current?.querySelector(`[id="${escaped}"], a[name="${escaped}"]`) ?? null
  }

  function jumpToId(id: string) {
    let target = findInBox(id)
    if (!target) {
      const piece = pieceHolding(imported, id)
      if (piece === -1) return
      drawNow(piece)
      target = findInBox(id)
    }
    land(target)
  }

  function jumpToHeading(heading: PreviewHeading) {
    drawNow(heading.piece)
    const piece = box.current?.querySelector(`[data-piece="${heading.piece}"]`)
    land(piece?.children[heading.block] ?? piece)
  }

  /** Links inside the preview never leave the dialog: '#…' jumps within it, others do nothing. */
  function onClick(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as Element).closest('a[href]')
    if (!link) return
    event.preventDefault()
    const href = link.getAttribute('href') ?? ''
    if (!href.startsWith('#')) return
    let id = href.slice(1)
    try {
      id = decodeURIComponent(id)
    } catch {
      // kept as written
    }
    jumpToId(id)
  }

  const mainPieces = imported.pieces.flatMap((piece, index) => (piece.part === 'main' ? [index] : []))
  const notePieces = imported.pieces.flatMap((piece, index) => (piece.part === 'links' ? [index] : []))
  const pieceOf = (index: number) =>
    drawn.has(index) ? (
      <PieceHtml key={index} index={index} html={imported.pieces[index]!.html} />
    ) : (
      <PieceGap key={index} index={index} root={box} onNear={draw} />
    )

  return (
    <div className="grid gap-4 md:grid-cols-[14rem_1fr]">
      <nav aria-labelledby="word-preview-toc" className="grid content-start gap-2 text-sm">
        <h3 id="word-preview-toc" className="font-semibold text-stone-900">
          {t.toc}
        </h3>
        {imported.headings.length === 0 ? (
          <p className="text-stone-600">{t.noToc}</p>
        ) : (
          <ul className="grid max-h-40 gap-1 overflow-y-auto md:max-h-[28rem]">
            {imported.headings.map((heading, index) => (
              <li key={index} style={{ paddingLeft: `${(heading.level - 1) * 0.75}rem` }}>
                <button
                  type="button"
                  className="text-left text-amber-900 underline underline-offset-2 hover:text-amber-700"
                  onClick={() => jumpToHeading(heading)}
                >
                  {heading.text}
                </button>
              </li>
            ))}
          </ul>
        )}
      </nav>
      {/* Scrolls by keyboard too: it can take focus, and says what it is. */}
      <div
        ref={box}
        role="region"
        aria-label={t.page}
        tabIndex={0}
        onClick={onClick}
        className="max-h-[28rem] overflow-y-auto rounded-md border border-stone-300 bg-white p-3"
      >
        <div className="reader-body">{mainPieces.map(pieceOf)}</div>
        {notePieces.length > 0 ? (
          <section aria-label={t.notes} className="reader-links mt-10 border-t border-stone-300 pt-6">
            {notePieces.map(pieceOf)}
          </section>
        ) : null}
      </div>
    </div>
  )
}

const PieceHtml = memo(function PieceHtml({ index, html }: { index: number; html: string }) {
  // The server's preview: the converted document, sanitised with the page's allowlist.
  return <div className="reader-chunk reader-prose" data-piece={index} dangerouslySetInnerHTML={{ __html: html }} />
})

function PieceGap({
  index,
  root,
  onNear,
}: {
  index: number
  root: RefObject<HTMLDivElement | null>
  onNear: (index: number) => void
}) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onNear(index)
      },
      { root: root.current, rootMargin: GAP_ROOT_MARGIN },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [index, root, onNear])
  return <div ref={ref} className="reader-gap" data-gap={index} />
}
