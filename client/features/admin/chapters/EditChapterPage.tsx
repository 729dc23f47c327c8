// /admin/books/:bookId/chapters/:chapterId/edit: the chapter edit form. Filled by a later issue; for now only the heading.
import { texts } from '#shared/texts.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'

export function EditChapterPage() {
  return <PageHeading title={texts.admin.chapterEdit.heading}>{texts.admin.chapterEdit.heading}</PageHeading>
}
