// The term fields (term, rich-text description, published) for the new and edit pages.
import { useId } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { TermInput } from '#shared/api/terms.ts'
import type { Term, TermValues } from '#shared/api/terms.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { Checkbox } from '#client/components/ui/Checkbox.tsx'
import { FieldError, FormField } from '#client/components/ui/FormField.tsx'
import { Input } from '#client/components/ui/Input.tsx'
import { Label } from '#client/components/ui/Label.tsx'
import { RichTextEditor } from './RichTextEditor.tsx'
import { useOpenWork } from '../unsaved-work.ts'

interface TermFormProps {
  term?: Term
  saving: boolean
  onSave: (term: TermValues) => void
}

export function TermForm({ term, saving, onSave }: TermFormProps) {
  const id = useId()
  const form = useForm<TermInput, unknown, TermValues>({
    resolver: zodResolver(TermInput),
    defaultValues: {
      term: term?.term ?? '',
      description: term?.description ?? '',
      published: term?.published ?? false,
    },
  })
  const { errors, isDirty } = form.formState
  // logging out asks first while the term has unsaved changes (decision 044)
  useOpenWork(isDirty)
  const labels = adminTexts.termForm

  return (
    <form className="grid gap-5" noValidate onSubmit={form.handleSubmit(onSave)}>
      <FormField label={labels.term} error={errors.term?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register('term')} />}
      </FormField>

      <div className="grid gap-1">
        <Label id={`${id}-description-label`}>{labels.description}</Label>
        <Controller
          control={form.control}
          name="description"
          render={({ field }) => (
            <RichTextEditor
              initialHtml={term?.description ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              labelId={`${id}-description-label`}
              invalid={Boolean(errors.description)}
              describedBy={errors.description ? `${id}-description-error` : undefined}
            />
          )}
        />
        <FieldError id={`${id}-description-error`} message={errors.description?.message} />
      </div>

      <Controller
        control={form.control}
        name="published"
        render={({ field }) => (
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${id}-published`}
              checked={field.value ?? false}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
            <Label htmlFor={`${id}-published`}>{labels.published}</Label>
          </div>
        )}
      />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="secondary">
          <Link to="/admin/lexicon">{labels.cancel}</Link>
        </Button>
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? labels.saving : labels.save}
        </Button>
      </div>
    </form>
  )
}
