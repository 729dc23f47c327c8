// /content/:id: the reader, or with ?print=1 the printable view of the whole page.
import { useParams, useSearchParams } from 'react-router'
import { readerTexts } from '#client/texts/reader.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { PrintView } from './PrintView.tsx'
import { Reader } from './Reader.tsx'

export function ContentPage() {
  const { id } = useParams()
  const [search] = useSearchParams()
  const contentId = /^[0-9]{1,10}$/.test(id ?? '') ? Number(id) : NaN
  if (!Number.isSafeInteger(contentId) || contentId <= 0) {
    return <PageHeading title={readerTexts.contentNotFound}>{readerTexts.contentNotFound}</PageHeading>
  }
  if (search.get('print') === '1') return <PrintView key={contentId} contentId={contentId} />
  return <Reader key={contentId} contentId={contentId} />
}
