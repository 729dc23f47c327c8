// The visitor's feedback dialog. The form itself (react-hook-form with the shared zod schema) is
// loaded when the dialog opens, or a moment before: when the pointer or focus reaches the button.
import { lazy, Suspense, useState } from 'react'
import { feedbackTexts } from '#client/texts/feedback.ts'
import { LoadingStatus } from '#client/components/LoadingStatus.tsx'
import { Dialog, DialogContent, DialogTrigger } from '#client/components/ui/Dialog.tsx'

const loadForm = () => import('./FeedbackForm.tsx')
const FeedbackForm = lazy(async () => ({ default: (await loadForm()).FeedbackForm }))

export function FeedbackDialog() {
  const [open, setOpen] = useState(false)
  const preload = () => {
    // a failure here shows when the dialog opens and loads it again
    loadForm().catch(() => undefined)
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
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
            <FeedbackForm onSent={() => setOpen(false)} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
