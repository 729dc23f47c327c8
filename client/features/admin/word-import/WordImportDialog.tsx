// "Impordi Wordi fail": a button and its dialog. A .docx is sent to the server, which converts it
// and answers with a preview: counts, warnings, the comparison with the current text (an existing
// page), the page itself. "Võta kasutusele" hands the HTML to the editor, whose "Salvesta" saves
// it; nothing is saved before that (decision 062).
import { useId, useMemo, useState } from 'react'
import type { ChangeEvent } from 'react'
import { fill } from '#shared/text/fill.ts'
import { DOCX_ACCEPT } from '#shared/limits.ts'
import { wordImportTexts as t } from '#client/texts/word-import.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { Dialog, DialogContent, DialogFooter, DialogTrigger } from '#client/components/ui/Dialog.tsx'
import { Label } from '#client/components/ui/Label.tsx'
import { formatMegabytes } from '../content/content-editor/content-html.ts'
import { Comparison } from '../revisions/ComparisonView.tsx'
import type { ComparisonLayout } from '../revisions/ComparisonView.tsx'
import { PreviewPage } from './PreviewPage.tsx'
import { previewDocument } from './preview-document.ts'
import { useWordImport } from './use-word-import.ts'
import type { ChosenFile } from './use-word-import.ts'
import type { WordPreview } from './word-preview.ts'

interface WordImportButtonProps {
  /** An existing page (its current text is compared with the import), or null for a new one. */
  contentId: number | null
  /** Open at once: the chapter's pages list sent the editor here to import. */
  defaultOpen?: boolean | undefined
  onAccept: (preview: WordPreview) => void
}

export function WordImportButton({ contentId, defaultOpen = false, onAccept }: WordImportButtonProps) {
  const [open, setOpen] = useState(defaultOpen)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="secondary">
          {t.open}
        </Button>
      </DialogTrigger>
      <DialogContent title={t.title} description={t.description} className="max-w-5xl">
        <WordImport
          contentId={contentId}
          onCancel={() => setOpen(false)}
          onAccept={(preview) => {
            setOpen(false)
            onAccept(preview)
          }}
        />
      </DialogContent>
    </Dialog>
  )
}

const fileSize = (file: ChosenFile) => fill(t.fileSize, { size: formatMegabytes(file.bytes) })

function WordImport({
  contentId,
  onCancel,
  onAccept,
}: {
  contentId: number | null
  onCancel: () => void
  onAccept: (preview: WordPreview) => void
}) {
  const id = useId()
  const { state, start, take } = useWordImport(contentId)

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    // the same file can be chosen again after a change in Word
    event.target.value = ''
    if (file) start(file)
  }

  const busy = state.phase === 'uploading' || state.phase === 'converting'
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-file`}>{t.chooseFile}</Label>
        <input
          id={`${id}-file`}
          type="file"
          accept={DOCX_ACCEPT}
          disabled={busy}
          onChange={choose}
          className="text-sm text-stone-800 file:mr-3 file:min-h-9 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:text-stone-800 hover:file:bg-stone-100"
        />
      </div>

      {state.phase === 'uploading' ? (
        <div className="grid gap-1">
          <progress
            aria-labelledby={`${id}-progress`}
            max={100}
            value={Math.round(state.sent * 100)}
            className="h-2 w-full overflow-hidden rounded accent-stone-800"
          />
          <p id={`${id}-progress`} role="status" className="text-sm text-stone-700">
            {fill(t.uploading, {
              name: state.file.name,
              size: fileSize(state.file),
              percent: Math.round(state.sent * 100),
            })}
          </p>
        </div>
      ) : null}
      {state.phase === 'converting' ? (
        <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
          <span
            aria-hidden="true"
            className="inline-block size-4 animate-spin rounded-full border-2 border-stone-300 border-t-stone-800"
          />
          {fill(t.converting, { name: state.file.name, size: fileSize(state.file) })}
        </p>
      ) : null}
      {state.phase === 'failed' ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {fill(t.failed, { reason: state.reason })}
        </p>
      ) : null}
      {state.phase === 'preview' ? <Preview key={state.file.choice} preview={state.preview} file={state.file} /> : null}

      <DialogFooter>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t.cancel}
        </Button>
        <Button
          type="button"
          disabled={state.phase !== 'preview'}
          onClick={() => {
            if (state.phase !== 'preview') return
            take(state.preview)
            onAccept(state.preview)
          }}
        >
          {t.accept}
        </Button>
      </DialogFooter>
    </div>
  )
}

function Preview({ preview, file }: { preview: WordPreview; file: ChosenFile }) {
  const imported = useMemo(() => previewDocument(preview.html), [preview.html])
  const [layout, setLayout] = useState<ComparisonLayout>('inline')
  return (
    <div className="grid gap-5">
      <p role="status" className="text-sm text-stone-700">
        {fill(t.ready, { name: file.name })}
      </p>
      <Counts counts={preview.counts} />
      {preview.linksKept ? (
        <p className="text-sm text-stone-700" data-testid="word-preview-links-kept">
          {t.linksKept}
        </p>
      ) : null}
      <section aria-labelledby="word-preview-warnings" className="grid gap-1">
        <h3 id="word-preview-warnings" className="font-semibold text-stone-900">
          {t.warnings.heading}
        </h3>
        {preview.warnings.length === 0 ? (
          <p className="text-sm text-stone-700">{t.warnings.none}</p>
        ) : (
          <ul className="list-disc pl-5 text-sm text-amber-900">
            {preview.warnings.map((warning, index) => (
              <li key={index} data-code={warning.code}>
                {warning.count > 1 ? fill(t.warnings.repeated, warning) : warning.message}
              </li>
            ))}
          </ul>
        )}
      </section>
      {preview.compare ? (
        <section aria-label={t.compare} className="grid gap-3">
          <Comparison data={preview.compare} layout={layout} onLayoutChange={setLayout} />
        </section>
      ) : null}
      <PreviewPage imported={imported} />
    </div>
  )
}

function Counts({ counts }: { counts: WordPreview['counts'] }) {
  const c = t.counts
  const levels = Object.entries(counts.headings)
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([level, count]) => fill(c.headingLevel, { level, count }))
  const { footnotes } = counts
  const pairing =
    footnotes.unpaired.length === 0 ? c.allPaired : fill(c.unpaired, { notes: footnotes.unpaired.join(', ') })
  const rows: [string, string][] = [
    [c.paragraphs, String(counts.paragraphs)],
    [c.headings, levels.length === 0 ? c.noHeadings : levels.join(', ')],
    [c.footnotes, `${footnotes.total} (${pairing})`],
    [c.pictures, String(counts.pictures)],
    [c.tables, String(counts.tables)],
  ]
  return (
    <section aria-labelledby="word-preview-counts" className="grid gap-1">
      <h3 id="word-preview-counts" className="font-semibold text-stone-900">
        {c.heading}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-600">{label}</dt>
            <dd className="text-stone-900 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
