// The visitor's feedback dialog. The form itself (react-hook-form with the shared zod schema) is
// loaded when the dialog opens, or a moment before: when the pointer or focus reaches the button.
// Opened beside a reader page, the feedback is tied to that page and to the passage the reader
// had selected there when the dialog opened (selected-passage.ts).
import { lazy, Suspense, useState } from 'react'
import { feedbackTexts } from '#client/texts/feedback.ts'
import { LoadingStatus } from '#client/components/LoadingStatus.tsx'
import { Dialog, DialogContent, DialogTrigger } from '#client/components/ui/Dialog.tsx'
import { selectedPassage } from './selected-passage.ts'
import type { SelectedPassage } from './selected-passage.ts'

const loadForm = () => import('./FeedbackForm.tsx')
const FeedbackForm = lazy(async () => ({ default: (await loadForm()).FeedbackForm }))

export function FeedbackDialog({ contentId = null }: { contentId?: number | null }) {
  const [open, setOpen] = useState(false)
  const [passage, setPassage] = useState<SelectedPassage | null>(null)
  const onOpenChange = (next: boolean) => {
    // taken as the dialog opens, before its focus moves (which may drop the selection)
    if (next) setPassage(contentId === null ? null : selectedPassage(contentId))
    setOpen(next)
  }
  const preload = () => {
    // a failure here shows when the dialog opens and loads it again
    loadForm().catch(() => undefined)
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger
        onPointerEnter={preload}
        onFocus={preload}
        className="block w-full rounded px-1.5 py-1 text-left text-sm text-stone-800 underline-offset-4 hover:bg-stone-200/70 hover:underline"
      >
        {feedbackTexts.open}
      </DialogTrigger>
      <DialogContent title={feedbackTexts.title} description={feedbackTexts.description}>
        {open ? (
          <Suspense fallback={<LoadingStatus />}>
            <FeedbackForm contentId={contentId} passage={passage} onSent={() => setOpen(false)} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
