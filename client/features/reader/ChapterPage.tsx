// /chapter/:id: a chapter's book, description and published pages (GET /api/chapters/{id} and the
// side tree's GET /api/chapters/{id}/content).
import { useQuery } from '@tanstack/react-query'
import { Link, useParams, useSearchParams } from 'react-router'
import { epubPath } from '#client/api/export.ts'
import { errorTexts } from '#client/texts/common.ts'
import { bookTexts, readerTexts } from '#client/texts/reader.ts'
import { ApiError } from '#client/api/http.ts'
import { readerQueries } from '#client/api/reader.ts'
import { LoadingStatus } from '#client/components/LoadingStatus.tsx'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { Description, listLinkClass, positiveId } from './about-page.tsx'
import { ChapterPrintView } from './PrintView.tsx'

export function ChapterPage() {
  const chapterId = positiveId(useParams().id)
  const [search] = useSearchParams()
  if (chapterId !== null && search.get('print') === '1')
    return <ChapterPrintView key={chapterId} chapterId={chapterId} />
  return <ChapterAbout chapterId={chapterId} />
}

function ChapterAbout({ chapterId }: { chapterId: number | null }) {
  const chapter = useQuery({ ...readerQueries.chapter(chapterId ?? 0), enabled: chapterId !== null })
  const pages = useQuery({ ...readerQueries.chapterPages(chapterId ?? 0), enabled: chapterId !== null })
  if (chapterId === null || (chapter.error instanceof ApiError && chapter.error.code === 'not_found')) {
    return <PageHeading title={bookTexts.chapterNotFound}>{bookTexts.chapterNotFound}</PageHeading>
  }
  if (chapter.isPending) return <LoadingStatus />
  if (chapter.isError) {
    return (
      <p role="alert" className="text-red-800">
        {errorTexts.screenFailed}
      </p>
    )
  }
  const book = chapter.data.book
  return (
    <article className="mx-auto max-w-prose">
      {book ? (
        <nav aria-label={readerTexts.breadcrumbLabel} className="mb-2 text-sm">
          <Link to={`/book/${book.id}`} className="text-amber-800 underline underline-offset-4">
            {book.title}
          </Link>
        </nav>
      ) : null}
      <PageHeading title={chapter.data.title}>{chapter.data.title}</PageHeading>
      <Description text={chapter.data.description} />
      <h2 className="mt-8 font-serif text-xl font-semibold text-stone-900">{bookTexts.pages}</h2>
      {pages.isPending ? (
        <LoadingStatus />
      ) : pages.isError ? (
        <p role="alert" className="mt-3 text-red-800">
          {errorTexts.screenFailed}
        </p>
      ) : pages.data.length === 0 ? (
        <p className="mt-3 text-stone-600">{bookTexts.noPages}</p>
      ) : (
        <>
          <ol className="mt-3 grid gap-1">
            {pages.data.map((page) => (
              <li key={page.id}>
                <Link to={`/content/${page.id}`} className={listLinkClass}>
                  {page.title}
                </Link>
              </li>
            ))}
          </ol>
          <p className="mt-6">
            <a
              href={`/chapter/${chapterId}?print=1`}
              target="_blank"
              rel="noopener"
              className="text-amber-800 underline underline-offset-4"
            >
              {readerTexts.print.chapter}
            </a>
          </p>
          <p className="mt-2">
            <a
              href={epubPath('chapter', chapterId)}
              download
              type="application/epub+zip"
              className="text-amber-800 underline underline-offset-4"
            >
              {readerTexts.print.chapterEpub}
            </a>
          </p>
        </>
      )}
    </article>
  )
}
