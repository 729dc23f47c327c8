// What a reader sees offline for a page never opened or saved: a clear message, not a spinner.
import { offlineTexts } from '#client/texts/offline.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'

export function OfflinePageMissing() {
  return (
    <div className="mx-auto max-w-prose">
      <PageHeading title={offlineTexts.pageNotSaved}>{offlineTexts.pageNotSaved}</PageHeading>
      <p className="mt-3 text-stone-700">{offlineTexts.pageNotSavedHint}</p>
    </div>
  )
}
