// /book/:id: a book's cover, description and its chapters that have published pages, each linking
// to its chapter page. From GET /api/books, which the side tree has already fetched.
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { epubPath } from '#client/api/export.ts'
import { fill } from '#shared/text/fill.ts'
import { errorTexts } from '#client/texts/common.ts'
import { bookTexts } from '#client/texts/reader.ts'
import { readerQueries } from '#client/api/reader.ts'
import { LoadingStatus } from '#client/components/LoadingStatus.tsx'
import { OfflineBook } from '#client/features/offline/OfflineBook.tsx'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { Description, listLinkClass, positiveId } from './about-page.tsx'

export function BookPage() {
  const bookId = positiveId(useParams().id)
  const books = useQuery(readerQueries.books())
  if (books.isPending) return <LoadingStatus />
  if (books.isError) {
    return (
      <p role="alert" className="text-red-800">
        {errorTexts.screenFailed}
      </p>
    )
  }
  const book = books.data.find((candidate) => candidate.id === bookId)
  if (!book) return <PageHeading title={bookTexts.bookNotFound}>{bookTexts.bookNotFound}</PageHeading>
  const chapters = book.chapters.filter((chapter) => chapter.contentCount > 0)
  return (
    <article className="mx-auto max-w-prose">
      <div className="flex flex-wrap items-start gap-6">
        {book.coverUrl ? (
          // The cover's box has its size before the picture arrives, so nothing moves.
          <img
            src={book.coverUrl}
            alt=""
            width={160}
            height={240}
            className="h-60 w-40 shrink-0 rounded border border-stone-200 object-cover"
          />
        ) : null}
        <div className="min-w-0 grow basis-64">
          <PageHeading title={book.title}>{book.title}</PageHeading>
          <Description text={book.description} />
          {chapters.length > 0 ? (
            <p className="mt-3">
              <a
                href={epubPath('book', book.id)}
                download
                type="application/epub+zip"
                className="text-amber-800 underline underline-offset-4"
              >
                {bookTexts.epub}
              </a>
            </p>
          ) : null}
        </div>
      </div>
      <h2 className="mt-8 font-serif text-xl font-semibold text-stone-900">{bookTexts.chapters}</h2>
      {chapters.length === 0 ? (
        <p className="mt-3 text-stone-600">{bookTexts.noChapters}</p>
      ) : (
        <ul className="mt-3 grid gap-1">
          {chapters.map((chapter) => (
            <li key={chapter.id}>
              <Link to={`/chapter/${chapter.id}`} className={listLinkClass}>
                <span>{chapter.title}</span>
                <span className="shrink-0 text-sm text-stone-600">
                  {fill(bookTexts.pageCount, { count: chapter.contentCount })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {chapters.length > 0 ? <OfflineBook book={{ ...book, chapters }} /> : null}
    </article>
  )
}
