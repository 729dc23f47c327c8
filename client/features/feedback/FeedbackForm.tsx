// The feedback form: name and email optional, feedback required; the shared schema gives the
// messages ('Tagasiside on kohustuslik', 'Palun sisesta korrektne email'). Loaded only when the
// dialog opens (FeedbackDialog.tsx), so zod and react-hook-form stay out of the reader's first page.
// Opened beside a reader page, one quiet line says which page the feedback is tied to, and a
// checkbox (on) attaches the passage the reader had selected there.
import { useId, useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { FeedbackFormInput } from '#shared/api/feedback.ts'
import type { FeedbackInput } from '#shared/api/feedback.ts'
import { fill } from '#shared/text/fill.ts'
import { toastTexts } from '#client/texts/common.ts'
import { feedbackTexts } from '#client/texts/feedback.ts'
import { readerQueries, useSendFeedback } from '#client/api/reader.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { Checkbox } from '#client/components/ui/Checkbox.tsx'
import { DialogFooter } from '#client/components/ui/Dialog.tsx'
import { FormField } from '#client/components/ui/FormField.tsx'
import { Input } from '#client/components/ui/Input.tsx'
import { Textarea } from '#client/components/ui/Textarea.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { cleanPassage, forgetPassage } from './selected-passage.ts'
import type { SelectedPassage } from './selected-passage.ts'

const empty = { name: '', email: '', feedback: '' }
/** How much of the selected passage the form quotes (all of it is sent). */
const PASSAGE_PREVIEW_CHARS = 120

interface FeedbackFormProps {
  /** The reader page the dialog was opened beside, if any. */
  contentId: number | null
  /** The passage selected on that page when the dialog opened. */
  passage: SelectedPassage | null
  onSent: () => void
}

export function FeedbackForm({ contentId, passage, onSent }: FeedbackFormProps) {
  const send = useSendFeedback()
  const form = useForm({ defaultValues: empty, resolver: zodResolver(FeedbackFormInput) })
  const { errors } = form.formState
  const [attachPassage, setAttachPassage] = useState(true)

  const submit = form.handleSubmit((values) => {
    const attached = attachPassage && passage?.contentId === contentId ? passage : null
    const input: FeedbackInput = {
      name: values.name || null,
      email: values.email || null,
      feedback: values.feedback,
      ...(contentId === null ? {} : { contentId }),
      ...(attached ? { passage: attached.passage, blockId: attached.blockId } : {}),
    }
    send.mutate(input, {
      onSuccess: () => {
        toast({ title: feedbackTexts.success })
        form.reset(empty)
        if (attached) forgetPassage()
        onSent()
      },
      onError: (failure) => {
        console.error('Sending feedback failed', failure)
        toast({ variant: 'destructive', title: toastTexts.error, description: feedbackTexts.failure })
      },
    })
  })

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      {contentId === null ? null : (
        <FeedbackPlace
          contentId={contentId}
          passage={passage?.contentId === contentId ? passage : null}
          attach={attachPassage}
          onAttachChange={setAttachPassage}
        />
      )}
      <FormField label={feedbackTexts.name} error={errors.name?.message}>
        {(control) => <Input {...control} autoComplete="name" {...form.register('name')} />}
      </FormField>
      <FormField label={feedbackTexts.email} error={errors.email?.message}>
        {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
      </FormField>
      <FormField label={feedbackTexts.feedback} error={errors.feedback?.message}>
        {(control) => <Textarea {...control} rows={6} {...form.register('feedback')} />}
      </FormField>
      {send.isError ? (
        // the toast outside is hidden from screen readers while this dialog is open: say it here too
        <p role="alert" className="text-sm text-red-800">
          {feedbackTexts.failure}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? feedbackTexts.submitting : feedbackTexts.submit}
        </Button>
      </DialogFooter>
    </form>
  )
}

interface FeedbackPlaceProps {
  contentId: number
  passage: SelectedPassage | null
  attach: boolean
  onAttachChange: (attach: boolean) => void
}

/** The page the feedback is tied to, and the selected passage with a way to leave it out. */
function FeedbackPlace({ contentId, passage, attach, onAttachChange }: FeedbackPlaceProps) {
  const id = useId()
  // the reader has it already; else a few hundred bytes
  const summary = useQuery(readerQueries.summary(contentId))
  return (
    <div className="grid gap-2 rounded border border-stone-200 bg-stone-50 px-3 py-2 text-sm text-stone-700">
      <p>
        {summary.data ? fill(feedbackTexts.tiedToPage, { title: summary.data.title }) : feedbackTexts.tiedToThisPage}
      </p>
      {passage ? (
        <div className="flex items-start gap-2">
          <Checkbox
            id={id}
            className="mt-0.5"
            checked={attach}
            onCheckedChange={(checked) => onAttachChange(checked === true)}
          />
          <label htmlFor={id} className="min-w-0 break-words">
            {fill(feedbackTexts.attachPassage, { passage: cleanPassage(passage.passage, PASSAGE_PREVIEW_CHARS) })}
          </label>
        </div>
      ) : null}
    </div>
  )
}
