// /admin/lexicon: the admin lexicon. Filled by a later issue; for now only the heading.
import { texts } from '#shared/texts.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'

export function AdminLexiconPage() {
  return <PageHeading title={texts.admin.lexicon.heading}>{texts.admin.lexicon.heading}</PageHeading>
}
