// /lexicon — browsing and search arrive in a later issue; for now only the heading.
import { texts } from '#shared/texts.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'

export function LexiconPage() {
  return <PageHeading title={texts.lexicon.heading}>{texts.lexicon.heading}</PageHeading>
}
