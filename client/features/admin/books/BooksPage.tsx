// /admin and /admin/books: the books list. Filled by a later issue; for now only the heading.
import { texts } from '#shared/texts.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'

export function BooksPage() {
  return <PageHeading title={texts.admin.books.heading}>{texts.admin.books.heading}</PageHeading>
}
