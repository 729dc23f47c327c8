// /admin/books/:bookId/chapters: a book's chapters, with add, edit, delete and the site-wide
// 'Reprocess All Headers'.
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { Book } from '#shared/api/books.ts'
import type { Chapter } from '#shared/api/chapters.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { siteTexts } from '#client/texts/common.ts'
import { chapterQueries } from '#client/api/chapters.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { ListTable, TableCell, TableRow } from '#client/components/ui/Table.tsx'
import { AdminBreadcrumb } from '../AdminBreadcrumb.tsx'
import { FailureMessage, LoadingMessage } from '../ScreenMessage.tsx'
import { BackToBooks, BookScreen } from './BookScreen.tsx'
import { DeleteChapterDialog } from './DeleteChapterDialog.tsx'
import { EditChapterDialog } from './EditChapterDialog.tsx'
import { ReprocessHeadersDialog } from './ReprocessHeadersDialog.tsx'

export function ChaptersPage() {
  return <BookScreen>{(book) => <BookChapters book={book} />}</BookScreen>
}

function BookChapters({ book }: { book: Book }) {
  const chapters = useQuery(chapterQueries.listByBook(book.id))
  return (
    <div className="grid gap-6">
      <div className="grid justify-items-start gap-3">
        <BackToBooks />
        <AdminBreadcrumb
          crumbs={[{ label: adminTexts.chapters.booksCrumb, to: '/admin/books' }, { label: book.title }]}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading title={`${adminTexts.chapters.heading}: ${book.title}`}>{adminTexts.chapters.heading}</PageHeading>
        <div className="flex flex-wrap gap-2">
          <ReprocessHeadersDialog />
          <Button asChild>
            <Link to={`/admin/books/${book.id}/chapters/new`}>{adminTexts.chapters.add}</Link>
          </Button>
        </div>
      </div>
      {chapters.isPending ? <LoadingMessage>{siteTexts.loading}</LoadingMessage> : null}
      {chapters.isError ? <FailureMessage>{adminTexts.chapters.fetchFailed}</FailureMessage> : null}
      {chapters.data ? <ChaptersTable bookId={book.id} chapters={chapters.data} /> : null}
    </div>
  )
}

function ChaptersTable({ bookId, chapters }: { bookId: number; chapters: Chapter[] }) {
  const columns = adminTexts.chapters.columns
  return (
    <ListTable
      label={adminTexts.chapters.heading}
      columns={[columns.title, columns.description, columns.order, columns.actions]}
      empty={chapters.length === 0 ? adminTexts.chapters.empty : null}
    >
      {chapters.map((chapter) => (
        <TableRow key={chapter.id}>
          <TableCell className="font-medium">
            <Link
              to={`/admin/books/${bookId}/chapters/${chapter.id}/content`}
              className="rounded underline underline-offset-4 hover:text-stone-600"
            >
              {chapter.title}
            </Link>
          </TableCell>
          <TableCell className="max-w-md text-stone-700">
            <span className="line-clamp-2">{chapter.description}</span>
          </TableCell>
          <TableCell className="tabular-nums">{chapter.order}</TableCell>
          <TableCell>
            <div className="flex flex-wrap gap-1">
              <EditChapterDialog chapter={chapter} />
              <DeleteChapterDialog chapter={chapter} />
            </div>
          </TableCell>
        </TableRow>
      ))}
    </ListTable>
  )
}
