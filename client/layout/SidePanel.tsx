// The side panel (and the phone menu's content): the book tree, the lexicon, the donation link and
// the feedback dialog.
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { sidePanelTexts } from '#client/texts/reader.ts'
import { readerQueries } from '#client/api/reader.ts'
import { FeedbackDialog } from '#client/features/feedback/FeedbackDialog.tsx'
import { BookTree } from './BookTree.tsx'

const linkClass =
  'block rounded px-1.5 py-1 text-sm text-stone-800 underline-offset-4 hover:bg-stone-200/70 hover:underline'

export function SidePanel({ contentId, onNavigate }: { contentId: number | null; onNavigate?: () => void }) {
  const site = useQuery(readerQueries.site())
  const donationUrl = site.data?.donationUrl ?? null
  // The links below the tree appear once the tree is there and then stay at the panel's foot however
  // the tree grows (a chapter's pages arrive later): appearing is not moving, so no layout shift.
  const books = useQuery(readerQueries.books())

  return (
    <div className="flex min-h-full flex-col gap-4 p-3">
      <nav aria-label={sidePanelTexts.label}>
        <BookTree contentId={contentId} onNavigate={onNavigate} />
      </nav>
      {books.isPending ? null : (
        <ul className="sticky bottom-0 -mx-3 -mb-3 mt-auto grid gap-1 border-t border-stone-200 bg-stone-50 p-3">
          <li>
            <Link to="/lexicon" className={linkClass} onClick={onNavigate}>
              {sidePanelTexts.lexicon}
            </Link>
          </li>
          {donationUrl ? (
            <li>
              <a href={donationUrl} target="_blank" rel="noopener" className={linkClass}>
                {sidePanelTexts.donate} <span className="sr-only">{sidePanelTexts.opensInNewTab}</span>
              </a>
            </li>
          ) : null}
          <li>
            <FeedbackDialog contentId={contentId} />
          </li>
        </ul>
      )}
    </div>
  )
}
