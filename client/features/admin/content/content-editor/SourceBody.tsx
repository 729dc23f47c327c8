// The HTML view: the page text in CodeMirror, which draws only the lines in sight, so a keystroke
// in the 9 MB page stays a few milliseconds (a textarea that size took ~0.5 s a key). The text lives
// in the editor's state: it is copied out only after a pause in typing, when focus leaves the
// editor, and when the form asks for it (docs/decisions/010-html-source-view-codemirror.md).
import { useEffect, useImperativeHandle, useLayoutEffect, useRef } from 'react'
import type { Ref } from 'react'
import { defaultKeymap, history, historyKeymap, insertNewline } from '@codemirror/commands'
import { LRLanguage, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language'
import { search, searchKeymap } from '@codemirror/search'
import { Compartment, EditorState, Prec } from '@codemirror/state'
import type { Text } from '@codemirror/state'
import { EditorView, keymap } from '@codemirror/view'
import { parser as htmlParser } from '@lezer/html'
import { useDebouncedCallback } from '../../use-debounced-callback.ts'

const READ_DELAY_MS = 300

export interface SourceBodyHandle {
  /** The text as it is now, reporting it too when it changed since the last report. */
  read: () => string
  focus: () => void
}

interface SourceBodyProps {
  initialText: string
  fontSize: number
  labelId: string
  describedBy: string | undefined
  onChange: (text: string) => void
  ref: Ref<SourceBodyHandle>
}

/**
 * HTML highlighted by the Lezer parser that @codemirror/lang-html wraps, without that package's
 * CSS and JavaScript support (140 KB less to download; sanitised pages hold no style or script).
 */
const htmlLanguage = LRLanguage.define({
  name: 'html',
  parser: htmlParser,
  languageData: { commentTokens: { block: { open: '<!--', close: '-->' } } },
})

// Tailwind reads every word of the client's sources as a possible class name: the keys below stay
// camelCase so that no utility ends up in the visitors' style sheet.
const sourceTheme = EditorView.theme({
  '&': { height: '100%', backgroundColor: 'white', color: '#1c1917' },
  // the frame around both views shows where focus is
  '&.cm-focused': { outlineStyle: 'none' },
  '.cm-scroller': { overflow: 'auto', fontFamily: 'inherit', lineHeight: 'inherit' },
  '.cm-content': { padding: '0.5rem 0' },
  '.cm-line': { padding: '0 0.75rem' },
})

function contentAttributes(labelId: string, describedBy: string | undefined) {
  return EditorView.contentAttributes.of({
    'aria-labelledby': labelId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    spellcheck: 'false',
    autocorrect: 'off',
    autocapitalize: 'off',
  })
}

export function SourceBody({ initialText, fontSize, labelId, describedBy, onChange, ref }: SourceBodyProps) {
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const attributes = useRef(new Compartment())
  // The last text copied out and the document it was copied from: reading an unchanged document
  // again costs nothing, and without edits the text read is the very text given.
  const lastRead = useRef<{ doc: Text | null; text: string }>({ doc: null, text: initialText })
  const pending = useRef(false)
  const latestOnChange = useRef(onChange)
  useLayoutEffect(() => {
    latestOnChange.current = onChange
  })

  function read(): string {
    const doc = view.current?.state.doc
    if (doc && doc !== lastRead.current.doc) lastRead.current = { doc, text: doc.toString() }
    if (pending.current) {
      pending.current = false
      latestOnChange.current(lastRead.current.text)
    }
    return lastRead.current.text
  }
  const report = useDebouncedCallback(() => void read(), READ_DELAY_MS)
  const latestReport = useRef(report)
  const latestRead = useRef(read)
  useLayoutEffect(() => {
    latestReport.current = report
    latestRead.current = read
  })
  useImperativeHandle(ref, () => ({ read, focus: () => view.current?.focus() }))

  // The editor is made once per mount; the text given later is ignored (it is this view's own).
  const initial = useRef({ initialText, labelId, describedBy })
  useEffect(() => {
    const start = initial.current
    const state = EditorState.create({
      doc: start.initialText,
      extensions: [
        // Only "\n" ends a line, so a "\r" in a page is kept as it is and the text saved is the text loaded.
        EditorState.lineSeparator.of('\n'),
        EditorView.lineWrapping,
        history(),
        search({ top: true }),
        // Enter inserts a bare line break, as a textarea does: no indentation is added to the text.
        Prec.high(keymap.of([{ key: 'Enter', run: insertNewline }])),
        keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap]),
        // No closing tags or indentation typed for the editor: what is saved is what was typed.
        htmlLanguage,
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        sourceTheme,
        attributes.current.of(contentAttributes(start.labelId, start.describedBy)),
        EditorView.updateListener.of((update) => {
          if (!update.docChanged) return
          pending.current = true
          latestReport.current()
        }),
        EditorView.domEventHandlers({
          // A click on a link outside must see the latest text (the unsaved-changes question).
          focusout: () => void latestRead.current(),
        }),
      ],
    })
    const editor = new EditorView({ state, parent: host.current! })
    lastRead.current = { doc: state.doc, text: start.initialText }
    view.current = editor
    return () => {
      editor.destroy()
      view.current = null
    }
  }, [])

  useEffect(() => {
    view.current?.dispatch({ effects: attributes.current.reconfigure(contentAttributes(labelId, describedBy)) })
  }, [labelId, describedBy])

  // Line heights change with the font size: the editor measures again.
  useEffect(() => {
    view.current?.requestMeasure()
  }, [fontSize])

  return (
    <div
      ref={host}
      className="h-[400px] w-full bg-white font-mono leading-normal"
      style={{ fontSize: `${fontSize}px` }}
    />
  )
}
