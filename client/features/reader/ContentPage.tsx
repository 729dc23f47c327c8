// /content/:id — the reader arrives in a later issue; for now only the heading.
import { texts } from '#shared/texts.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'

export function ContentPage() {
  return <PageHeading title={texts.reader.contentHeading}>{texts.reader.contentHeading}</PageHeading>
}
