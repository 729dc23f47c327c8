// /admin/books/:bookId/chapters: the chapters list. Filled by a later issue; for now only the heading.
import { texts } from '#shared/texts.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'

export function ChaptersPage() {
  return <PageHeading title={texts.admin.chapters.heading}>{texts.admin.chapters.heading}</PageHeading>
}
