// A lexicon term opened from a link inside a page: its description in a dialog, so the reader
// stays where they are. The dialog returns focus to the link when it closes.
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { errorTexts } from '#client/texts/common.ts'
import { readerTexts } from '#client/texts/reader.ts'
import { readerQueries } from '#client/api/reader.ts'
import { ApiError } from '#client/api/http.ts'
import { Dialog, DialogContent } from '#client/components/ui/Dialog.tsx'
import { useFollowInApp } from './in-app-link.ts'

export interface OpenTerm {
  termId: number
  /** The link that opened it: focus goes back there (the dialog has no trigger of its own). */
  link: HTMLElement
}

export function TermPopup({ open, onClose }: { open: OpenTerm | null; onClose: () => void }) {
  return (
    <Dialog open={open !== null} onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}>
      {open ? <TermPopupContent termId={open.termId} link={open.link} onClose={onClose} /> : null}
    </Dialog>
  )
}

function TermPopupContent({ termId, link, onClose }: OpenTerm & { onClose: () => void }) {
  const term = useQuery(readerQueries.term(termId))
  // A link in the description to a page or another term opens it in the app, and the popup closes.
  const followInApp = useFollowInApp(onClose)
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
      {term.data ? (
        <div
          className="reader-prose text-stone-800"
          onClick={followInApp}
          dangerouslySetInnerHTML={{ __html: term.data.description }}
        />
      ) : term.isError && !missing ? (
        <p role="alert" className="text-sm text-red-800">
          {errorTexts.screenFailed}
        </p>
      ) : null}
      {term.data ? (
        <p className="text-sm">
          <Link to={`/term/${termId}`} className="text-amber-800 underline underline-offset-4">
            {readerTexts.termPopupOpenPage}
          </Link>
        </p>
      ) : null}
    </DialogContent>
  )
}
