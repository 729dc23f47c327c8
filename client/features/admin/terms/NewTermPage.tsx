// /admin/terms/new: the term form. Filled by a later issue; for now only the heading.
import { texts } from '#shared/texts.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'

export function NewTermPage() {
  return <PageHeading title={texts.admin.termNew.heading}>{texts.admin.termNew.heading}</PageHeading>
}
