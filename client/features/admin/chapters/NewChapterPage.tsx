// /admin/books/:bookId/chapters/new: the chapter create form. Filled by a later issue; for now only the heading.
import { texts } from '#shared/texts.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'

export function NewChapterPage() {
  return <PageHeading title={texts.admin.chapterNew.heading}>{texts.admin.chapterNew.heading}</PageHeading>
}
