// /admin/terms/edit/:id: the term form for an existing term. Filled by a later issue; for now only the heading.
import { texts } from '#shared/texts.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'

export function EditTermPage() {
  return <PageHeading title={texts.admin.termEdit.heading}>{texts.admin.termEdit.heading}</PageHeading>
}
