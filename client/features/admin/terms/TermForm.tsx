// The term fields (term, rich-text description, published, the declension or conjugation pattern
// and extra forms) for the new and edit pages; the edit page shows the forms stored for the term.
import { useId } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { Link } from 'react-router'
import { TermInput } from '#shared/api/terms.ts'
import type { Term, TermForm as TermFormRow, TermValues } from '#shared/api/terms.ts'
import { guessPattern, PATTERNS } from '#shared/pali/index.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { Checkbox } from '#client/components/ui/Checkbox.tsx'
import { FieldError, FormField } from '#client/components/ui/FormField.tsx'
import { Input } from '#client/components/ui/Input.tsx'
import { controlClass } from '#client/components/ui/Input.tsx'
import { Label } from '#client/components/ui/Label.tsx'
import { Textarea } from '#client/components/ui/Textarea.tsx'
import { RichTextEditor } from './RichTextEditor.tsx'
import { useOpenWork } from '../unsaved-work.ts'

interface TermFormProps {
  /** The term being edited, with its stored forms when the answer had them. */
  term?: Term & { forms?: TermFormRow[] }
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
      pattern: term?.pattern ?? null,
      extraForms: term?.extraForms ?? [],
    },
  })
  const typed = useWatch({ control: form.control, name: 'term' })
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

      <FormField label={labels.pattern} error={errors.pattern?.message}>
        {(control) => (
          <Controller
            control={form.control}
            name="pattern"
            render={({ field }) => (
              <select
                {...control}
                className={`${controlClass} min-h-10`}
                name={field.name}
                ref={field.ref}
                value={field.value ?? ''}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.value === '' ? null : event.target.value)}
              >
                <option value="">{labels.patternAutomatic.replace('{label}', guessedLabel(typed))}</option>
                {PATTERNS.map((pattern) => (
                  <option key={pattern.id} value={pattern.id}>
                    {pattern.label}
                  </option>
                ))}
              </select>
            )}
          />
        )}
      </FormField>

      <FormField
        label={labels.extraForms}
        hint={labels.extraFormsHint}
        error={errors.extraForms?.message ?? errors.extraForms?.find?.((error) => error)?.message}
      >
        {(control) => (
          <Controller
            control={form.control}
            name="extraForms"
            render={({ field }) => (
              <Textarea
                {...control}
                rows={3}
                name={field.name}
                ref={field.ref}
                autoComplete="off"
                spellCheck={false}
                value={(field.value ?? []).join('\n')}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(event.target.value.split('\n'))}
              />
            )}
          />
        )}
      </FormField>

      {term?.forms && term.forms.length > 0 ? <StoredForms forms={term.forms} /> : null}

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

/** The label of the pattern guessed from what is typed in the term field. */
function guessedLabel(term: string | undefined) {
  const guessed = term?.trim() ? guessPattern(term.trim()) : undefined
  return PATTERNS.find((pattern) => pattern.id === guessed)?.label ?? adminTexts.termForm.patternUnknown
}

/** The forms stored for the term (read-only): made from its pattern and extra forms when saved. */
function StoredForms({ forms }: { forms: TermFormRow[] }) {
  const id = useId()
  const labels = adminTexts.termForm
  return (
    <section aria-labelledby={`${id}-forms`} className="grid gap-1">
      <h2 id={`${id}-forms`} className="text-sm font-medium text-stone-800">
        {labels.forms}
      </h2>
      <p className="text-xs text-stone-600">{labels.formsHint}</p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="term-forms">
        {forms.map((row) => (
          <li key={row.form}>
            <span lang="pi" className="font-medium">
              {row.form}
            </span>{' '}
            <span className="text-stone-600">{row.grammar}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
