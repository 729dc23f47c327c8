// At the end of a page, once all of it is loaded: the previous and next page in the side tree's
// order (GET /api/content/{id}/summary), with their titles, so a reader can read on across chapters
// and books. The title bar carries the same two as short links.
import type { ContentSummary, PageLink } from '#shared/api/content.ts'
import { fill } from '#shared/text/fill.ts'
import { Link } from 'react-router'
import { clsx } from 'clsx'
import { readerTexts } from '#client/texts/reader.ts'

export function PageEndNav({ summary }: { summary: ContentSummary }) {
  const { previous, next } = summary
  if (!previous && !next) return null
  return (
    <nav
      aria-label={readerTexts.pagerEndLabel}
      className="print-hidden mt-10 grid gap-3 border-t border-stone-300 pt-6 sm:grid-cols-2"
    >
      {previous ? <EndLink rel="prev" page={previous} /> : null}
      {next ? <EndLink rel="next" page={next} /> : null}
    </nav>
  )
}

/** A previous or next page link's accessible name: which way, and the page's title. */
export const pagerLinkLabel = (rel: 'prev' | 'next', page: PageLink) =>
  fill(rel === 'prev' ? readerTexts.previousPage : readerTexts.nextPage, { title: page.title })

function EndLink({ rel, page }: { rel: 'prev' | 'next'; page: PageLink }) {
  return (
    <Link
      to={`/content/${page.id}`}
      rel={rel}
      aria-label={pagerLinkLabel(rel, page)}
      className={clsx(
        'block rounded-md border border-stone-300 bg-white px-4 py-3 hover:bg-stone-100',
        rel === 'next' && 'text-right sm:col-start-2',
      )}
    >
      <span className="block text-xs text-stone-600">{rel === 'prev' ? readerTexts.previous : readerTexts.next}</span>
      <span className="font-serif text-stone-900">{page.title}</span>
    </Link>
  )
}
