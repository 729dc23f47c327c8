// /term/:id — the term reader arrives in a later issue; for now only the heading.
import { texts } from '#shared/texts.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'

export function TermPage() {
  return <PageHeading title={texts.reader.termHeading}>{texts.reader.termHeading}</PageHeading>
}
