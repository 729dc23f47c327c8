// The chapter fields (title, description, order) used by the new and edit pages and the edit dialog.
import type { ReactNode } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { ChapterInput } from '#shared/api/chapters.ts'
import type { Chapter, ChapterValues } from '#shared/api/chapters.ts'
import { DEFAULT_ORDER } from '#shared/limits.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { FormField } from '#client/components/ui/FormField.tsx'
import { Input } from '#client/components/ui/Input.tsx'
import { Textarea } from '#client/components/ui/Textarea.tsx'

interface ChapterFormProps {
  bookId: number
  chapter?: Chapter
  saving: boolean
  submitLabel: string
  /** The way out without saving (a link back, or the dialog's close button). */
  cancel: ReactNode
  onSave: (chapter: ChapterValues) => void
}

export function ChapterForm({ bookId, chapter, saving, submitLabel, cancel, onSave }: ChapterFormProps) {
  const form = useForm<ChapterInput, unknown, ChapterValues>({
    resolver: zodResolver(ChapterInput),
    defaultValues: {
      bookId,
      title: chapter?.title ?? '',
      description: chapter?.description ?? '',
      order: chapter?.order ?? DEFAULT_ORDER,
    },
  })
  const { errors } = form.formState
  const fields = adminTexts.chapters.fields

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        onSave({ ...values, description: values.description?.trim() ? values.description : null }),
      )}
    >
      <FormField label={fields.title} error={errors.title?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register('title')} />}
      </FormField>
      <FormField label={fields.description} error={errors.description?.message}>
        {(control) => <Textarea {...control} {...form.register('description')} />}
      </FormField>
      <FormField label={fields.order} error={errors.order?.message}>
        {(control) => <Input {...control} type="number" inputMode="numeric" step={1} {...form.register('order')} />}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? adminTexts.chapters.saving : submitLabel}
        </Button>
      </div>
    </form>
  )
}
