// The offer of a draft found in the browser: when it was written, a warning when the page was saved
// again since, and the two answers. It sits above the editor and does not hold up typing.
import { fill } from '#shared/text/fill.ts'
import { draftTexts } from '#client/texts/content-sections.ts'
import { Button } from '#client/components/ui/Button.tsx'
import type { DraftOffer as Offer } from './local-drafts.ts'

interface DraftOfferProps {
  offer: Offer
  onRestore: () => void
  onDiscard: () => void
}

export function DraftOffer({ offer, onRestore, onDiscard }: DraftOfferProps) {
  const written = new Date(offer.draft.savedAt)
  const date = written.toLocaleDateString('et-EE')
  const time = written.toLocaleTimeString('et-EE', { hour: '2-digit', minute: '2-digit' })
  return (
    <section
      aria-label={draftTexts.restore}
      className="grid gap-3 rounded-md border border-sky-300 bg-sky-50 px-4 py-3 text-sm text-sky-950"
    >
      <p role="status">{fill(draftTexts.found, { date, time })}</p>
      {offer.pageChangedSince ? <p className="font-medium text-red-800">{draftTexts.pageChanged}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={onRestore}>
          {draftTexts.restore}
        </Button>
        <Button type="button" variant="secondary" onClick={onDiscard}>
          {draftTexts.discard}
        </Button>
      </div>
    </section>
  )
}
