// /admin/books/:bookId/chapters/:chapterId/content: the pages list. Filled by a later issue; for now only the heading.
import { texts } from '#shared/texts.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'

export function ChapterPagesPage() {
  return <PageHeading title={texts.admin.pages.heading}>{texts.admin.pages.heading}</PageHeading>
}
