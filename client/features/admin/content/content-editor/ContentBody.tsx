// The page text being edited: a rich-text view and an HTML view of the same text, zoom buttons and
// the size indicator. Large pages and pages with markup the rich-text view cannot keep open in the
// HTML view.
import { useDeferredValue, useId, useImperativeHandle, useMemo, useRef, useState } from 'react'
import type { Ref } from 'react'
import { clsx } from 'clsx'
import {
  CONTENT_SIZE_LIMIT_BYTES,
  CONTENT_SIZE_WARNING_BYTES,
  EDITOR_FONT_DEFAULT_PX,
  EDITOR_FONT_MIN_PX,
  EDITOR_FONT_STEP_PX,
} from '#shared/limits.ts'
import { fill } from '#shared/text/fill.ts'
import { contentEditorTexts } from '#client/texts/content-editor.ts'
import { Label } from '#client/components/ui/Label.tsx'
import {
  RICH_TEXT_MAX_CHARS,
  SOURCE_VIEW_THRESHOLD_CHARS,
  formatMegabytes,
  unsupportedMarkup,
  utf8Bytes,
} from './content-html.ts'
import { OutsideImagesNotice } from './OutsideImagesNotice.tsx'
import { RichTextBody } from './RichTextBody.tsx'
import type { RichTextBodyHandle } from './RichTextBody.tsx'
import { SourceBody } from './SourceBody.tsx'
import type { SourceBodyHandle } from './SourceBody.tsx'

type View = 'rich' | 'source'
type Notice = { kind: 'large' } | { kind: 'unsupported'; markup: string[] } | null

export interface ContentBodyHandle {
  /** The text with every edit in it, including those the rich-text view has not reported yet. */
  currentText: () => string
}

/** Where a page opens: the HTML view when it is large or holds markup the rich-text view would drop. */
function openingView(text: string): { view: View; notice: Notice } {
  if (text.length > SOURCE_VIEW_THRESHOLD_CHARS) return { view: 'source', notice: { kind: 'large' } }
  const markup = unsupportedMarkup(text)
  if (markup.length > 0) return { view: 'source', notice: { kind: 'unsupported', markup } }
  return { view: 'rich', notice: null }
}

interface ContentBodyProps {
  text: string
  onTextChange: (text: string) => void
  ref: Ref<ContentBodyHandle>
  /** Bytes of the page outside the edited text (a section's surroundings), counted in the size shown. */
  otherBytes?: number
}

export function ContentBody({ text, onTextChange, ref, otherBytes = 0 }: ContentBodyProps) {
  const id = useId()
  const labels = contentEditorTexts
  const [opening] = useState(() => openingView(text))
  const [view, setView] = useState<View>(opening.view)
  const [notice, setNotice] = useState<Notice>(opening.notice)
  const [fontSize, setFontSize] = useState(EDITOR_FONT_DEFAULT_PX)
  const rich = useRef<RichTextBodyHandle>(null)
  const source = useRef<SourceBodyHandle>(null)

  const currentText = () => (view === 'rich' ? rich.current?.flush() : source.current?.read()) ?? text
  useImperativeHandle(ref, () => ({ currentText }))

  function showView(next: View) {
    if (next === view) return
    if (next === 'source') {
      rich.current?.flush()
    } else {
      const markup = unsupportedMarkup(source.current?.read() ?? text)
      setNotice(markup.length > 0 ? { kind: 'unsupported', markup } : null)
    }
    setView(next)
  }

  const richTextOffered = text.length <= RICH_TEXT_MAX_CHARS
  const noticeId = `${id}-notice`
  const sizeId = `${id}-size`
  const describedBy = [notice ? noticeId : null, sizeId].filter(Boolean).join(' ')

  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* Neither view is a form control a label can point at: each names itself after this label. */}
        <Label id={`${id}-label`} onClick={() => (view === 'source' ? source.current?.focus() : undefined)}>
          {labels.fields.content}
        </Label>
        <div className="flex flex-wrap items-center gap-3">
          <ViewSwitch view={view} richTextOffered={richTextOffered} onChange={showView} />
          <Zoom fontSize={fontSize} onChange={setFontSize} />
        </div>
      </div>

      {notice ? (
        <p id={noticeId} className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {notice.kind === 'large'
            ? labels.largePageNotice
            : fill(labels.unsupportedNotice, { markup: notice.markup.slice(0, 8).join(', ') })}
          {notice.kind === 'large' && !richTextOffered ? ` ${labels.richTextUnavailable}` : null}
        </p>
      ) : null}

      <OutsideImagesNotice id={`${id}-outside-images`} text={text} />

      <div className="overflow-hidden rounded-md border border-stone-300 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-amber-700">
        {view === 'rich' ? (
          <RichTextBody
            ref={rich}
            initialText={text}
            fontSize={fontSize}
            labelId={`${id}-label`}
            describedBy={describedBy}
            onChange={onTextChange}
          />
        ) : (
          <SourceBody
            ref={source}
            initialText={text}
            fontSize={fontSize}
            labelId={`${id}-label`}
            describedBy={describedBy}
            onChange={onTextChange}
          />
        )}
      </div>

      <SizeIndicator id={sizeId} text={text} otherBytes={otherBytes} />
    </div>
  )
}

function ViewSwitch({
  view,
  richTextOffered,
  onChange,
}: {
  view: View
  richTextOffered: boolean
  onChange: (view: View) => void
}) {
  const labels = contentEditorTexts.views
  const button = (target: View, label: string, disabled = false) => (
    <button
      type="button"
      aria-pressed={view === target}
      disabled={disabled}
      title={disabled ? contentEditorTexts.richTextUnavailable : undefined}
      onClick={() => onChange(target)}
      className={clsx(
        'min-h-9 px-3 text-sm disabled:opacity-50',
        view === target ? 'bg-stone-800 text-white' : 'bg-white text-stone-800 hover:bg-stone-100',
      )}
    >
      {label}
    </button>
  )
  return (
    <div role="group" aria-label={labels.label} className="flex overflow-hidden rounded-md border border-stone-300">
      {button('rich', labels.rich, !richTextOffered && view !== 'rich')}
      {button('source', labels.source)}
    </div>
  )
}

function Zoom({ fontSize, onChange }: { fontSize: number; onChange: (size: number) => void }) {
  const labels = contentEditorTexts
  const buttonClass =
    'inline-flex min-h-9 min-w-9 items-center justify-center rounded-md border border-stone-300 bg-white text-stone-800 hover:bg-stone-100 disabled:opacity-50'
  return (
    <div className="flex items-center gap-1">
      <button
        type="button"
        aria-label={labels.zoomOut}
        title={labels.zoomOut}
        disabled={fontSize - EDITOR_FONT_STEP_PX < EDITOR_FONT_MIN_PX}
        onClick={() => onChange(Math.max(EDITOR_FONT_MIN_PX, fontSize - EDITOR_FONT_STEP_PX))}
        className={buttonClass}
      >
        <span aria-hidden="true">−</span>
      </button>
      <span aria-live="polite" className="min-w-12 text-center text-sm tabular-nums text-stone-700">
        <span className="sr-only">{fill(labels.fontSize, { size: fontSize })}</span>
        <span aria-hidden="true">{fontSize}px</span>
      </span>
      <button
        type="button"
        aria-label={labels.zoomIn}
        title={labels.zoomIn}
        onClick={() => onChange(fontSize + EDITOR_FONT_STEP_PX)}
        className={buttonClass}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  )
}

function SizeIndicator({ id, text, otherBytes }: { id: string; text: string; otherBytes: number }) {
  const labels = contentEditorTexts
  // Measuring 9 MB takes a few milliseconds: let typing win, measure when the browser is free.
  const deferred = useDeferredValue(text)
  const bytes = useMemo(() => utf8Bytes(deferred), [deferred]) + otherBytes
  const warning = bytes > CONTENT_SIZE_WARNING_BYTES
  return (
    <div id={id} className={clsx('text-sm tabular-nums', warning ? 'font-medium text-red-700' : 'text-stone-600')}>
      <p>{fill(labels.size, { size: formatMegabytes(bytes) })}</p>
      {warning ? <p role="status">{labels.sizeWarning}</p> : null}
      {bytes > CONTENT_SIZE_LIMIT_BYTES ? <p>{labels.overLimit}</p> : null}
    </div>
  )
}
