// /admin/books/:bookId/chapters/:chapterId/content: the pages of a chapter, with edit, delete and
// a public view of each; "Impordi Wordi fail" opens a new page's editor with the Word import's dialog.
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import type { Chapter } from '#shared/api/chapters.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { siteTexts } from '#client/texts/common.ts'
import { wordImportTexts } from '#client/texts/word-import.ts'
import { chapterQueries } from '#client/api/chapters.ts'
import { contentQueries } from '#client/api/content.ts'
import type { ContentListItem } from '#client/api/content.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { ListTable, TableCell, TableRow } from '#client/components/ui/Table.tsx'
import { AdminBreadcrumb } from '../AdminBreadcrumb.tsx'
import { isNotFound, parseRouteId } from '../route-ids.ts'
import { FailureMessage, LoadingMessage } from '../ScreenMessage.tsx'
import { BackToBooks } from '../chapters/BookScreen.tsx'
import { DeleteContentDialog } from './DeleteContentDialog.tsx'

export function ChapterPagesPage() {
  const chapterId = parseRouteId(useParams().chapterId)
  if (chapterId === null) return <ChapterNotFound />
  return <LoadedChapter chapterId={chapterId} />
}

function LoadedChapter({ chapterId }: { chapterId: number }) {
  const chapter = useQuery(chapterQueries.detail(chapterId))
  if (chapter.isPending) return <LoadingMessage>{adminTexts.pages.loading}</LoadingMessage>
  if (chapter.isError) {
    return isNotFound(chapter.error) ? (
      <ChapterNotFound />
    ) : (
      <FailureMessage>{adminTexts.pages.fetchChapterFailed}</FailureMessage>
    )
  }
  return <ChapterPages chapter={chapter.data} />
}

function ChapterPages({ chapter }: { chapter: Chapter }) {
  const pages = useQuery(contentQueries.listByChapter(chapter.id))
  const chaptersPath = `/admin/books/${chapter.bookId}/chapters`
  return (
    <div className="grid gap-6">
      <div className="grid justify-items-start gap-3">
        <Button asChild variant="secondary">
          <Link to={chaptersPath}>
            <span aria-hidden="true">←</span> {adminTexts.pages.backToChapters}
          </Link>
        </Button>
        <AdminBreadcrumb
          crumbs={[
            { label: adminTexts.chapters.booksCrumb, to: '/admin/books' },
            { label: chapter.book?.title ?? adminTexts.chapters.heading, to: chaptersPath },
            { label: chapter.title },
          ]}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading title={`${adminTexts.pages.heading}: ${chapter.title}`}>{adminTexts.pages.heading}</PageHeading>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="secondary">
            <Link to={`/admin/content/new?chapterId=${chapter.id}&import=word`}>{wordImportTexts.open}</Link>
          </Button>
          <Button asChild>
            <Link to={`/admin/content/new?chapterId=${chapter.id}`}>{adminTexts.pages.add}</Link>
          </Button>
        </div>
      </div>
      {pages.isPending ? <LoadingMessage>{siteTexts.loading}</LoadingMessage> : null}
      {pages.isError ? <FailureMessage>{adminTexts.pages.fetchFailed}</FailureMessage> : null}
      {pages.data ? <PagesTable pages={pages.data} /> : null}
    </div>
  )
}

function PagesTable({ pages }: { pages: ContentListItem[] }) {
  const columns = adminTexts.pages.columns
  return (
    <ListTable
      label={adminTexts.pages.heading}
      columns={[columns.title, columns.order, columns.published, columns.actions]}
      empty={pages.length === 0 ? adminTexts.pages.empty : null}
    >
      {pages.map((page) => (
        <PageRow key={page.id} page={page} />
      ))}
    </ListTable>
  )
}

function PageRow({ page }: { page: ContentListItem }) {
  return (
    <TableRow>
      <TableCell className="font-medium">{page.title}</TableCell>
      <TableCell className="tabular-nums">{page.order}</TableCell>
      <TableCell>{page.published ? adminTexts.pages.yes : adminTexts.pages.no}</TableCell>
      <TableCell>
        <div className="flex flex-wrap gap-1">
          <Button asChild variant="ghost">
            <Link to={`/admin/content/edit/${page.id}`}>
              {adminTexts.pages.editAction}
              <span className="sr-only">: {page.title}</span>
            </Link>
          </Button>
          <Button asChild variant="ghost">
            <a href={`/content/${page.id}`} target="_blank" rel="noopener">
              {adminTexts.pages.view}
              <span className="sr-only">
                : {page.title} {adminTexts.pages.opensInNewTab}
              </span>
              <span aria-hidden="true">↗</span>
            </a>
          </Button>
          <DeleteContentDialog page={page} />
        </div>
      </TableCell>
    </TableRow>
  )
}

function ChapterNotFound() {
  return (
    <div className="grid justify-items-start gap-4">
      <BackToBooks />
      <title>{`${adminTexts.pages.notFound} · ${siteTexts.name}`}</title>
      <h1 className="font-serif text-2xl font-semibold text-stone-900">{adminTexts.pages.notFound}</h1>
    </div>
  )
}
