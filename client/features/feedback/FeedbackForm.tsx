// The feedback form: name and email optional, feedback required; the shared schema gives the
// messages ('Tagasiside on kohustuslik', 'Palun sisesta korrektne email'). Loaded only when the
// dialog opens (FeedbackDialog.tsx), so zod and react-hook-form stay out of the reader's first page.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { FeedbackInput } from '#shared/api/feedback.ts'
import { toastTexts } from '#client/texts/common.ts'
import { feedbackTexts } from '#client/texts/feedback.ts'
import { useSendFeedback } from '#client/api/reader.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { DialogFooter } from '#client/components/ui/Dialog.tsx'
import { FormField } from '#client/components/ui/FormField.tsx'
import { Input } from '#client/components/ui/Input.tsx'
import { Textarea } from '#client/components/ui/Textarea.tsx'
import { toast } from '#client/components/ui/use-toast.ts'

const empty = { name: '', email: '', feedback: '' }

export function FeedbackForm({ onSent }: { onSent: () => void }) {
  const send = useSendFeedback()
  const form = useForm({ defaultValues: empty, resolver: zodResolver(FeedbackInput) })
  const { errors } = form.formState

  const submit = form.handleSubmit((values) => {
    const input: FeedbackInput = {
      name: values.name || null,
      email: values.email || null,
      feedback: values.feedback,
    }
    send.mutate(input, {
      onSuccess: () => {
        toast({ title: feedbackTexts.success })
        form.reset(empty)
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
