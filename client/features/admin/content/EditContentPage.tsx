// /admin/content/edit/:id: the content editor for an existing page. Filled by a later issue; for now only the heading.
import { texts } from '#shared/texts.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'

export function EditContentPage() {
  return <PageHeading title={texts.admin.contentEdit.heading}>{texts.admin.contentEdit.heading}</PageHeading>
}
