import { siteTexts } from '#client/texts/common.ts'

/** A small, polite loading note for screen readers and eyes alike. */
export function LoadingStatus() {
  return (
    <p role="status" className="p-4 text-sm text-stone-600">
      {siteTexts.loading}
    </p>
  )
}
