// "Continue where you stopped": a bar at the bottom of the window (it covers nothing the page has
// drawn and moves nothing), offered when a page opens that the reader had read further into before.
import { readerTexts } from '#client/texts/reader.ts'
import { Button } from '#client/components/ui/Button.tsx'

export function ResumeOffer({ onResume, onDismiss }: { onResume: () => void; onDismiss: () => void }) {
  return (
    <section
      aria-label={readerTexts.resumeLabel}
      className="print-hidden fixed inset-x-4 bottom-4 z-30 mx-auto flex max-w-md flex-wrap items-center gap-3 rounded-lg border border-stone-300 bg-white p-3 text-sm text-stone-800 shadow-lg"
    >
      <p className="mr-auto">{readerTexts.resumePrompt}</p>
      <Button type="button" onClick={onResume}>
        {readerTexts.resume}
      </Button>
      <Button type="button" variant="secondary" onClick={onDismiss}>
        {readerTexts.resumeDismiss}
      </Button>
    </section>
  )
}
