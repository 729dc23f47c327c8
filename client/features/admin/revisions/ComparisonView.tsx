// Two versions compared: the changed blocks with a block of context around them, inline (one
// column) or side by side. Inserted and deleted words are <ins>/<del>, marked by more than colour:
// underline and strike-through, and words a screen reader says before them.
import { useQuery } from '@tanstack/react-query'
import { clsx } from 'clsx'
import type { DiffBlock, RevisionComparison, WordChange } from '#shared/api/revisions.ts'
import { fill } from '#shared/text/fill.ts'
import { revisionQueries } from '#client/api/revisions.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { revisionTexts as t } from '#client/texts/revisions.ts'
import { FailureMessage, LoadingMessage } from '../ScreenMessage.tsx'

export type ComparisonLayout = 'inline' | 'side'

interface ComparisonViewProps {
  id: number
  from: number
  to: number | null
  layout: ComparisonLayout
  onLayoutChange: (layout: ComparisonLayout) => void
}

export function ComparisonView({ id, from, to, layout, onLayoutChange }: ComparisonViewProps) {
  const comparison = useQuery(revisionQueries.compare(id, from, to))
  return (
    <section aria-labelledby="comparison-heading" className="grid gap-4">
      {comparison.isPending ? <LoadingMessage>{t.comparing}</LoadingMessage> : null}
      {comparison.isError ? <FailureMessage>{t.compareFailed}</FailureMessage> : null}
      {comparison.data ? <Comparison data={comparison.data} layout={layout} onLayoutChange={onLayoutChange} /> : null}
    </section>
  )
}

function versionLabel(version: RevisionComparison['from']) {
  return version.revisionId === null
    ? fill(t.currentVersion, { version: version.version })
    : fill(t.versionNumber, { version: version.version })
}

/** A comparison already fetched (the Word import's preview brings its own). */
export function Comparison({
  data,
  layout,
  onLayoutChange,
}: {
  data: RevisionComparison
  layout: ComparisonLayout
  onLayoutChange: (layout: ComparisonLayout) => void
}) {
  const shown = data.hunks.reduce((n, hunk) => n + hunk.blocks.filter((block) => block.kind !== 'same').length, 0)
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="comparison-heading" className="font-serif text-xl font-semibold text-stone-900">
          {fill(t.compareHeading, { from: versionLabel(data.from), to: versionLabel(data.to) })}
        </h2>
        <div role="group" aria-label={t.views.label} className="flex gap-1">
          {(['inline', 'side'] as const).map((value) => (
            <Button
              key={value}
              variant={layout === value ? 'primary' : 'secondary'}
              aria-pressed={layout === value}
              onClick={() => onLayoutChange(value)}
            >
              {value === 'inline' ? t.views.inline : t.views.sideBySide}
            </Button>
          ))}
        </div>
      </div>
      <p role="status" className="text-sm text-stone-700">
        {fill(t.comparisonSummary, { ...data.summary })}
      </p>
      {data.titleChanged ? <p className="text-sm text-stone-800">{fill(t.titleChanged, data.titleChanged)}</p> : null}
      {data.truncated ? <p className="text-sm text-amber-800">{fill(t.truncated, { shown })}</p> : null}
      {data.hunks.length === 0 ? <p className="text-sm text-stone-700">{t.noChanges}</p> : null}
      <div className="grid gap-4">
        {data.hunks.map((hunk, index) => (
          <div key={index} className="grid gap-1 rounded-lg border border-stone-200 bg-white p-3">
            {layout === 'side' ? (
              <div aria-hidden="true" className="grid grid-cols-2 gap-3 text-xs font-medium text-stone-600">
                <span>{t.older}</span>
                <span>{t.newer}</span>
              </div>
            ) : null}
            {hunk.blocks.map((block) =>
              layout === 'side' ? (
                <SideBySideBlock key={`${block.fromPosition}-${block.toPosition}`} block={block} />
              ) : (
                <InlineBlock key={`${block.fromPosition}-${block.toPosition}`} block={block} />
              ),
            )}
          </div>
        ))}
      </div>
    </>
  )
}

const blockClass: Record<DiffBlock['kind'], string> = {
  same: 'border-l-4 border-transparent text-stone-600',
  changed: 'border-l-4 border-amber-500 bg-amber-50',
  added: 'border-l-4 border-green-700 bg-green-50',
  removed: 'border-l-4 border-red-700 bg-red-50',
}

/** The sign shown beside a block, so the kind is not told by colour alone. */
const blockSign: Record<DiffBlock['kind'], string> = { same: ' ', changed: '~', added: '+', removed: '−' }

function KindLabel({ kind }: { kind: DiffBlock['kind'] }) {
  return (
    <>
      <span aria-hidden="true" className="mr-2 inline-block w-3 font-mono font-bold">
        {blockSign[kind]}
      </span>
      <span className="sr-only">{t.kinds[kind]}: </span>
    </>
  )
}

function Inserted({ children }: { children: string }) {
  return (
    <ins className="bg-green-100 text-green-900 underline decoration-2">
      <span className="sr-only">[{t.inserted} </span>
      {children}
      <span className="sr-only">]</span>
    </ins>
  )
}

function Deleted({ children }: { children: string }) {
  return (
    <del className="bg-red-100 text-red-900 line-through decoration-2">
      <span className="sr-only">[{t.deleted} </span>
      {children}
      <span className="sr-only">]</span>
    </del>
  )
}

function Words({ words, show }: { words: WordChange[]; show: 'both' | 'from' | 'to' }) {
  return (
    <>
      {words.map((word, index) => {
        if (word.kind === 'same') return <span key={index}>{word.text}</span>
        if (word.kind === 'added') return show === 'from' ? null : <Inserted key={index}>{word.text}</Inserted>
        return show === 'to' ? null : <Deleted key={index}>{word.text}</Deleted>
      })}
    </>
  )
}

function InlineBlock({ block }: { block: DiffBlock }) {
  return (
    <div
      className={clsx(
        'rounded px-2 py-1 text-sm leading-relaxed',
        blockClass[block.kind],
        isHeading(block) && 'font-semibold',
      )}
    >
      <KindLabel kind={block.kind} />
      {block.kind === 'changed' && block.words ? <Words words={block.words} show="both" /> : null}
      {block.kind === 'added' ? <Inserted>{block.toText ?? ''}</Inserted> : null}
      {block.kind === 'removed' ? <Deleted>{block.fromText ?? ''}</Deleted> : null}
      {block.kind === 'same' ? block.toText : null}
    </div>
  )
}

function SideBySideBlock({ block }: { block: DiffBlock }) {
  const cell = clsx(
    'rounded px-2 py-1 text-sm leading-relaxed',
    blockClass[block.kind],
    isHeading(block) && 'font-semibold',
  )
  return (
    <div className="grid grid-cols-2 gap-3">
      <div className={clsx(cell, block.kind === 'added' && 'invisible')}>
        {block.kind !== 'added' ? <KindLabel kind={block.kind} /> : null}
        {block.kind === 'changed' && block.words ? <Words words={block.words} show="from" /> : null}
        {block.kind === 'removed' ? <Deleted>{block.fromText ?? ''}</Deleted> : null}
        {block.kind === 'same' ? block.fromText : null}
      </div>
      <div className={clsx(cell, block.kind === 'removed' && 'invisible')}>
        {block.kind === 'added' ? <KindLabel kind={block.kind} /> : null}
        {block.kind === 'changed' && block.words ? <Words words={block.words} show="to" /> : null}
        {block.kind === 'added' ? <Inserted>{block.toText ?? ''}</Inserted> : null}
        {block.kind === 'same' ? <span aria-hidden="true">{block.toText}</span> : null}
      </div>
    </div>
  )
}

const isHeading = (block: DiffBlock) => /^h[1-6]$/.test(block.tag)
