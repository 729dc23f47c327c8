// A lexicon term opened from a link inside a page, or any word of the text looked up in the lexicon:
// the entry in a dialog, so the reader stays where they are. A looked-up word shows how it was read
// ("nibbānassa → nibbānaṃ, gen./dat. ainsus"), the best reading open and the others to switch to; a
// compound its parts, each opening its own entry with a way back; a word the lexicon lacks, up to
// three similar terms. Focus goes back where the popup was opened from when it closes.
import { useEffect, useRef, useState } from 'react'
import type { MouseEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { errorTexts } from '#client/texts/common.ts'
import { lookupTexts, readerTexts } from '#client/texts/reader.ts'
import { readerQueries } from '#client/api/reader.ts'
import { ApiError } from '#client/api/http.ts'
import type { TermLookup, TermLookupMatch } from '#shared/api/terms.ts'
import { Dialog, DialogContent } from '#client/components/ui/Dialog.tsx'
import { useFollowInApp } from './in-app-link.ts'
import type { WordToLookUp } from './use-word-lookup.ts'

export type OpenTerm =
  | {
      termId: number
      /** The link that opened it: focus goes back there (the dialog has no trigger of its own). */
      link: HTMLElement
    }
  | { lookup: WordToLookUp }

const linkClass = 'text-amber-800 underline underline-offset-4'
const choiceClass = 'text-left text-amber-800 underline underline-offset-4 hover:text-amber-950'

export interface TermPopupProps {
  open: OpenTerm | null
  onClose: () => void
}

export function TermPopup({ open, onClose }: TermPopupProps) {
  return (
    <Dialog open={open !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      {open === null ? null : 'lookup' in open ? (
        <WordPopupContent key={open.lookup.word} lookup={open.lookup} onClose={onClose} />
      ) : (
        <TermPopupContent termId={open.termId} link={open.link} onClose={onClose} />
      )}
    </Dialog>
  )
}

function TermPopupContent({ termId, link, onClose }: { termId: number; link: HTMLElement; onClose: () => void }) {
  const term = useQuery(readerQueries.term(termId))
  const missing = term.error instanceof ApiError && term.error.code === 'not_found'
  const title = term.data?.term ?? (term.isError ? readerTexts.termNotFound : readerTexts.termLoading)
  return (
    <DialogContent
      title={title}
      onCloseAutoFocus={(event) => {
        event.preventDefault()
        link.focus()
      }}
    >
      <TermEntry termId={termId} onClose={onClose} titleTells={missing || term.isPending} />
    </DialogContent>
  )
}

/** A term's description and the link to its page, as the popup has always shown them. */
function TermEntry({
  termId,
  onClose,
  titleTells = false,
}: {
  termId: number
  onClose: () => void
  /** The dialog's title already says it is loading or missing. */
  titleTells?: boolean
}) {
  const term = useQuery(readerQueries.term(termId))
  // A link in the description to a page or another term opens it in the app, and the popup closes.
  const followInApp = useFollowInApp(onClose)
  const missing = term.error instanceof ApiError && term.error.code === 'not_found'
  return (
    <>
      {term.data ? (
        <div
          className="reader-prose text-stone-800"
          onClick={followInApp}
          dangerouslySetInnerHTML={{ __html: term.data.description }}
        />
      ) : titleTells ? null : term.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {missing ? readerTexts.termNotFound : errorTexts.screenFailed}
        </p>
      ) : term.isPending ? (
        <p className="text-sm text-stone-600">{readerTexts.termLoading}</p>
      ) : null}
      {term.data ? (
        <p className="text-sm">
          <Link to={`/term/${termId}`} className={linkClass}>
            {readerTexts.termPopupOpenPage}
          </Link>
        </p>
      ) : null}
    </>
  )
}

/** What the word's popup shows: the word's overview (its best reading, parts or similar terms) or one entry. */
type View =
  | { kind: 'overview'; selected: number }
  /** An entry opened from the overview (a compound's part, a similar term): "Tagasi" returns. */
  | { kind: 'entry'; termId: number; term: string; match: TermLookupMatch | null; from: string }

function WordPopupContent({ lookup, onClose }: { lookup: WordToLookUp; onClose: () => void }) {
  const answer = useQuery(readerQueries.termLookup(lookup.word))
  const [view, setView] = useState<View>({ kind: 'overview', selected: 0 })
  /** The overview's control an entry was opened from: focus goes back to it with "Tagasi". */
  const returnTo = useRef<string | null>(null)
  const overview = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (view.kind !== 'overview' || returnTo.current === null) return
    overview.current?.querySelector<HTMLElement>(`[data-choice="${CSS.escape(returnTo.current)}"]`)?.focus()
    returnTo.current = null
  }, [view])

  const data = answer.data
  const compound = data?.parts && data.parts.length > 0 ? data.parts : null
  const best = data && !compound ? (data.matches[view.kind === 'overview' ? view.selected : 0] ?? null) : null
  const title =
    view.kind === 'entry'
      ? view.term
      : best
        ? best.term
        : data || answer.isError
          ? lookup.word
          : readerTexts.termLoading

  const openEntry = (entry: Omit<Extract<View, { kind: 'entry' }>, 'kind'>) => {
    returnTo.current = entry.from
    setView({ kind: 'entry', ...entry })
  }

  return (
    <DialogContent
      title={title}
      onCloseAutoFocus={(event) => {
        event.preventDefault()
        returnFocus(lookup)
      }}
    >
      {view.kind === 'entry' ? (
        <div className="grid gap-3">
          <p>
            <button
              type="button"
              autoFocus
              className={choiceClass}
              onClick={() => setView({ kind: 'overview', selected: 0 })}
            >
              ‹ {lookupTexts.back}
            </button>
          </p>
          {view.match ? <ReadAs word={partOrWord(data, view.match)} match={view.match} /> : null}
          <TermEntry termId={view.termId} onClose={onClose} />
        </div>
      ) : answer.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {lookupTexts.failed}
        </p>
      ) : !data ? null : compound ? (
        <div ref={overview} className="grid gap-2">
          <p className="text-sm text-stone-700">
            <em>{data.word}</em>
          </p>
          <p className="font-semibold text-stone-900">{lookupTexts.compound}</p>
          <ol className="grid gap-1">
            {compound.map((part, index) => {
              const match = data.matches.find((candidate) => candidate.part === index)
              const key = `part-${index}`
              return (
                <li key={key}>
                  {match ? (
                    <button
                      type="button"
                      data-choice={key}
                      className={choiceClass}
                      onClick={() => openEntry({ termId: match.id, term: match.term, match, from: key })}
                    >
                      {part}
                    </button>
                  ) : (
                    <span>{part}</span>
                  )}
                  {match ? <span className="text-sm text-stone-600"> → {match.term}</span> : null}
                </li>
              )
            })}
          </ol>
        </div>
      ) : best ? (
        <div ref={overview} className="grid gap-3">
          <ReadAs word={data.word} match={best} />
          <TermEntry termId={best.id} onClose={onClose} />
          {data.matches.length > 1 ? (
            <div className="grid gap-1 border-t border-stone-200 pt-3">
              <p className="text-sm font-semibold text-stone-900">{lookupTexts.otherMatches}</p>
              <ul className="grid gap-1 text-sm">
                {data.matches.map((match, index) =>
                  match === best ? null : (
                    <li key={`${match.id}-${match.form}-${index}`}>
                      <button
                        type="button"
                        data-choice={`match-${index}`}
                        className={choiceClass}
                        onClick={() => setView({ kind: 'overview', selected: index })}
                      >
                        {match.term}
                      </button>
                      {match.grammar ? <span className="text-stone-600">, {match.grammar}</span> : null}
                    </li>
                  ),
                )}
              </ul>
            </div>
          ) : null}
        </div>
      ) : (
        <div ref={overview} className="grid gap-2">
          <p className="text-stone-800">{lookupTexts.notFound}</p>
          {data.similar.length > 0 ? (
            <>
              <p className="text-sm font-semibold text-stone-900">{lookupTexts.similar}</p>
              <ul className="grid gap-1">
                {data.similar.slice(0, 3).map((term) => (
                  <li key={term.id}>
                    <a
                      href={`/term/${term.id}`}
                      data-choice={`similar-${term.id}`}
                      className={linkClass}
                      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
                        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey)
                          return
                        event.preventDefault()
                        openEntry({ termId: term.id, term: term.term, match: null, from: `similar-${term.id}` })
                      }}
                    >
                      {term.term}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      )}
    </DialogContent>
  )
}

/** How the word was read: "nibbānassa → nibbānaṃ, gen./dat. ainsus", and what was taken off or undone. */
function ReadAs({ word, match }: { word: string; match: TermLookupMatch }) {
  return (
    <div className="grid gap-1 text-sm text-stone-700">
      <p>
        <em>{word}</em> → <em>{match.term}</em>
        {match.grammar ? `, ${match.grammar}` : null}
      </p>
      {match.note && match.via !== 'whole' ? <p className="text-stone-600">{match.note}</p> : null}
    </div>
  )
}

/** The part of a compound a match is of, or the looked-up word itself. */
function partOrWord(answer: TermLookup | undefined, match: TermLookupMatch): string {
  return (match.part !== undefined ? answer?.parts?.[match.part] : undefined) ?? answer?.word ?? match.form
}

/** Focus back where the lookup started; with nowhere to go, the word is selected again. */
function returnFocus(lookup: WordToLookUp) {
  if (lookup.opener?.isConnected) {
    lookup.opener.focus()
    return
  }
  if (lookup.range && lookup.range.startContainer.isConnected) {
    const selection = document.getSelection()
    selection?.removeAllRanges()
    selection?.addRange(lookup.range)
  }
}
