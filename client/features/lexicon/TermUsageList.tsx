// A term's "where used" (Kasutatud lehtedel): the pages whose current text links to it, each a link
// that opens the reader at the first place. Visitors get published pages only (the server decides).
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { fill } from '#shared/text/fill.ts'
import { termUsageTexts as t } from '#client/texts/reader.ts'
import { readerQueries } from '#client/api/reader.ts'

export function TermUsageList({ termId, headingLevel = 2 }: { termId: number; headingLevel?: 2 | 3 }) {
  const usage = useQuery(readerQueries.termUsage(termId))
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <section aria-labelledby={`term-usage-${termId}`} className="grid gap-2">
      <Heading id={`term-usage-${termId}`} className="font-serif text-lg font-semibold text-stone-900">
        {t.heading}
      </Heading>
      {usage.isPending ? (
        <p role="status">{t.loading}</p>
      ) : usage.isError ? (
        <p role="alert" className="text-red-800">
          {t.failed}
        </p>
      ) : usage.data.pages.length === 0 ? (
        <p className="text-stone-700">{t.none}</p>
      ) : (
        <>
          <ul className="grid gap-1">
            {usage.data.pages.map((page) => (
              <li key={page.id}>
                <Link
                  to={`/content/${page.id}${page.anchor ? `#${encodeURIComponent(page.anchor)}` : ''}`}
                  className="text-amber-800 underline underline-offset-4"
                >
                  {page.title}
                </Link>{' '}
                <span className="text-sm text-stone-600">
                  ({[page.bookTitle, page.chapterTitle].filter(Boolean).join(' › ')};{' '}
                  {page.places === 1 ? t.onePlace : fill(t.places, { count: page.places })}
                  {page.published ? '' : `; ${t.unpublished}`})
                </span>
              </li>
            ))}
          </ul>
          {usage.data.total > usage.data.pages.length ? (
            <p className="text-sm text-stone-600">
              {fill(t.more, { shown: usage.data.pages.length, total: usage.data.total })}
            </p>
          ) : null}
        </>
      )}
    </section>
  )
}
