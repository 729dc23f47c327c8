// "Märgi terminid" (issue 29): the toolbar's button sends what the editor holds (the page or the open
// section) to POST /api/terms/suggestions and lists the unmarked forms of lexicon terms in it. "Märgi"
// marks every unmarked whole-word occurrence of that form with the term's link in one transaction
// (one undo step; the normal save path saves it); "Jäta vahele" only drops the row. Focus starts on
// the first row's button and, after a row goes, moves to the row that took its place.
import { useEffect, useId, useRef, useState } from 'react'
import type { Editor } from '@tiptap/react'
import type { TermSuggestion } from '#shared/api/terms.ts'
import { TERM_SUGGESTIONS_HTML_MAX_CHARS } from '#shared/limits.ts'
import { fill } from '#shared/text/fill.ts'
import { contentEditorTexts } from '#client/texts/content-editor.ts'
import { fetchTermSuggestions } from '#client/api/terms.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { Dialog, DialogContent } from '#client/components/ui/Dialog.tsx'
import { ToolbarButton } from '../../ToolbarButton.tsx'
import { serializeContent } from './serialize-content.ts'
import { unmarkedOccurrences } from './term-occurrences.ts'

export function TermSuggestionsButton({ editor }: { editor: Editor }) {
  const [open, setOpen] = useState(false)
  const t = contentEditorTexts.termSuggestions
  return (
    <>
      <ToolbarButton label={t.button} pressed={false} onClick={() => setOpen(true)}>
        {t.button}
      </ToolbarButton>
      <Dialog open={open} onOpenChange={setOpen}>
        {open ? <TermSuggestionsDialog editor={editor} /> : null}
      </Dialog>
    </>
  )
}

type Load = { state: 'loading' } | { state: 'failed'; tooLong: boolean } | { state: 'ready' }

const rowKey = (row: TermSuggestion) => `${row.termId}:${row.form}`

/** Marks every unmarked occurrence of the suggestion's form with its term's link, as one step. */
export function markSuggestion(editor: Editor, row: TermSuggestion) {
  const occurrences = unmarkedOccurrences(editor.state.doc, row.form)
  const link = editor.schema.marks.link
  if (!link || occurrences.length === 0) return
  const mark = link.create({ href: `/term/${row.termId}`, dataTerm: row.term })
  editor
    .chain()
    .command(({ tr }) => {
      for (const { from, to } of occurrences) tr.addMark(from, to, mark)
      return true
    })
    .run()
}

function TermSuggestionsDialog({ editor }: { editor: Editor }) {
  const t = contentEditorTexts.termSuggestions
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  const [rows, setRows] = useState<TermSuggestion[]>([])
  /** The row whose first button takes the focus next (after loading, or after a row went). */
  const [focusRow, setFocusRow] = useState<number | null>(null)
  const buttons = useRef(new Map<string, HTMLButtonElement>())
  const statusRef = useRef<HTMLParagraphElement>(null)
  const alive = useRef(true)
  const idPrefix = useId()

  function start() {
    setLoad({ state: 'loading' })
    const html = serializeContent(editor.state.doc)
    if (html.length > TERM_SUGGESTIONS_HTML_MAX_CHARS) {
      setLoad({ state: 'failed', tooLong: true })
      return
    }
    fetchTermSuggestions(html).then(
      (suggestions) => {
        if (!alive.current) return
        setRows(suggestions)
        setLoad({ state: 'ready' })
        setFocusRow(0)
      },
      () => {
        if (alive.current) setLoad({ state: 'failed', tooLong: false })
      },
    )
  }

  useEffect(() => {
    alive.current = true
    start()
    return () => {
      alive.current = false
    }
    // Once, when the dialog opens: what the editor holds then is what is looked at.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    if (focusRow === null) return
    const row = rows[Math.min(focusRow, rows.length - 1)]
    const target = row ? buttons.current.get(rowKey(row)) : statusRef.current
    target?.focus()
    setFocusRow(null)
  }, [focusRow, rows])

  function drop(index: number) {
    setRows((current) => current.filter((_, i) => i !== index))
    setFocusRow(index)
  }

  return (
    <DialogContent
      title={t.title}
      description={t.description}
      onCloseAutoFocus={(event) => {
        event.preventDefault()
        editor.commands.focus()
      }}
    >
      {load.state === 'loading' ? (
        <p role="status" className="text-stone-700">
          {t.loading}
        </p>
      ) : null}
      {load.state === 'failed' ? (
        <div className="grid justify-items-start gap-2">
          <p role="alert" className="text-red-800">
            {load.tooLong ? t.tooLong : t.failed}
          </p>
          <Button variant="secondary" onClick={start}>
            {t.retry}
          </Button>
        </div>
      ) : null}
      {load.state === 'ready' && rows.length === 0 ? (
        <p ref={statusRef} tabIndex={-1} role="status" className="text-stone-700 outline-none">
          {t.none}
        </p>
      ) : null}
      {load.state === 'ready' && rows.length > 0 ? (
        <ul aria-label={t.list} className="grid max-h-[60vh] gap-2 overflow-y-auto">
          {rows.map((row, index) => {
            const textId = `${idPrefix}-${index}`
            return (
              <li
                key={rowKey(row)}
                className="flex flex-wrap items-center justify-between gap-2 rounded border border-stone-200 p-2"
              >
                <span id={textId} className="text-stone-900">
                  <span lang="pi">{row.form}</span> → <span lang="pi">{row.term}</span>{' '}
                  <span className="text-sm text-stone-600">{row.grammar}</span>{' '}
                  <span className="text-sm text-stone-600">{fill(t.count, { count: row.count })}</span>
                </span>
                <span className="flex gap-2">
                  <Button
                    ref={(button) => {
                      if (button) buttons.current.set(rowKey(row), button)
                      else buttons.current.delete(rowKey(row))
                    }}
                    aria-describedby={textId}
                    onClick={() => {
                      markSuggestion(editor, row)
                      drop(index)
                    }}
                  >
                    {t.accept}
                  </Button>
                  <Button variant="secondary" aria-describedby={textId} onClick={() => drop(index)}>
                    {t.skip}
                  </Button>
                </span>
              </li>
            )
          })}
        </ul>
      ) : null}
    </DialogContent>
  )
}
