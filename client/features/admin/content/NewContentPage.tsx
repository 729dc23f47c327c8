// /admin/content/new: the content editor for a new page. Filled by a later issue; for now only the heading.
import { texts } from '#shared/texts.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'

export function NewContentPage() {
  return <PageHeading title={texts.admin.contentNew.heading}>{texts.admin.contentNew.heading}</PageHeading>
}
