// 'Lisa kogu' and 'Muuda kogu': a collection's abbreviation, its names in Pāli, English and Estonian,
// other names one per line, and the collection it belongs to. Checked here with Estonian messages,
// again by the server; a taken abbreviation (409) is said at its field.
import { useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { COLLECTION_ABBREVIATION_MAX, type Collection, type CollectionInput } from '#shared/api/collections.ts'
import { fill } from '#shared/text/fill.ts'
import { commonTexts, toastTexts } from '#client/texts/common.ts'
import { collectionsTexts as t } from '#client/texts/collections.ts'
import { ApiError, failureText } from '#client/api/http.ts'
import { useAddCollection, useChangeCollection } from '#client/api/collections.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '#client/components/ui/Dialog.tsx'
import { FormField } from '#client/components/ui/FormField.tsx'
import { controlClass, Input } from '#client/components/ui/Input.tsx'
import { Textarea } from '#client/components/ui/Textarea.tsx'
import { toast } from '#client/components/ui/use-toast.ts'

const NAME = /^\p{L}[\p{L}\p{M} '’-]*$/u
const name = z
  .string()
  .trim()
  .min(1, t.errors.nameRequired)
  .max(200, t.errors.nameTooLong)
  .regex(NAME, t.errors.nameLetters)
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

const FormValues = z.object({
  abbreviation: z
    .string()
    .trim()
    .min(1, t.errors.abbreviationRequired)
    .max(COLLECTION_ABBREVIATION_MAX, t.errors.abbreviationTooLong)
    .regex(/^\p{L}[\p{L}\p{M}]*$/u, t.errors.abbreviationLetters),
  paliName: name,
  englishName: name,
  estonianName: name,
  aliases: z
    .string()
    .refine((text) => lines(text).length <= 20, t.errors.aliasesTooMany)
    .refine((text) => lines(text).every((line) => line.length <= 200 && NAME.test(line)), t.errors.nameLetters),
  parentId: z.string(),
  position: z.string().regex(/^\s*-?[0-9]{0,9}\s*$/, t.errors.positionNumber),
})
type FormValues = z.infer<typeof FormValues>

const toInput = (values: FormValues): CollectionInput => ({
  abbreviation: values.abbreviation.trim(),
  paliName: values.paliName.trim(),
  englishName: values.englishName.trim(),
  estonianName: values.estonianName.trim(),
  aliases: lines(values.aliases),
  parentId: values.parentId === '' ? null : Number(values.parentId),
  position: values.position.trim() === '' ? 0 : Number(values.position),
})

const toValues = (collection: Collection | undefined): FormValues => ({
  abbreviation: collection?.abbreviation ?? '',
  paliName: collection?.paliName ?? '',
  englishName: collection?.englishName ?? '',
  estonianName: collection?.estonianName ?? '',
  aliases: collection?.aliases.join('\n') ?? '',
  parentId: collection?.parentId == null ? '' : String(collection.parentId),
  position: String(collection?.position ?? 0),
})

/** Adds a collection, or changes `collection`; `all` gives the collections it may belong to. */
export function CollectionDialog({ collection, all }: { collection?: Collection; all: Collection[] }) {
  const [open, setOpen] = useState(false)
  const title = collection ? t.edit : t.add
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {collection ? (
          <Button variant="ghost">
            {t.editAction}
            <span className="sr-only">: {collection.abbreviation}</span>
          </Button>
        ) : (
          <Button>{t.add}</Button>
        )}
      </DialogTrigger>
      <DialogContent title={title} description={t.formDescription}>
        {/* Mounted only while open, so every opening starts from the saved values. */}
        <CollectionForm collection={collection} all={all} onSaved={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  )
}

function CollectionForm({
  collection,
  all,
  onSaved,
}: {
  collection: Collection | undefined
  all: Collection[]
  onSaved: () => void
}) {
  const add = useAddCollection()
  const change = useChangeCollection()
  const pending = add.isPending || change.isPending
  const form = useForm<FormValues>({ resolver: zodResolver(FormValues), defaultValues: toValues(collection) })
  const { errors } = form.formState
  // Two levels: a collection belongs to a top-level one, never to itself.
  const parents = all.filter((other) => other.parentId === null && other.id !== collection?.id)

  async function save(values: FormValues) {
    const input = toInput(values)
    try {
      const saved = collection ? await change.mutateAsync({ id: collection.id, input }) : await add.mutateAsync(input)
      toast({
        title: toastTexts.success,
        description: fill(collection ? t.updated : t.created, { abbreviation: saved.abbreviation }),
      })
      onSaved()
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'already_exists') {
        form.setError('abbreviation', { message: t.errors.abbreviationTaken }, { shouldFocus: true })
        return
      }
      toast({ variant: 'destructive', title: toastTexts.error, description: failureText(failure) })
    }
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(save)}>
      <FormField label={t.fields.abbreviation} hint={t.fields.abbreviationHint} error={errors.abbreviation?.message}>
        {(control) => <Input {...control} autoComplete="off" autoFocus {...form.register('abbreviation')} />}
      </FormField>
      <FormField label={t.fields.paliName} error={errors.paliName?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register('paliName')} />}
      </FormField>
      <FormField label={t.fields.englishName} error={errors.englishName?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register('englishName')} />}
      </FormField>
      <FormField label={t.fields.estonianName} error={errors.estonianName?.message}>
        {(control) => <Input {...control} autoComplete="off" {...form.register('estonianName')} />}
      </FormField>
      <FormField label={t.fields.aliases} hint={t.fields.aliasesHint} error={errors.aliases?.message}>
        {(control) => <Textarea {...control} rows={3} {...form.register('aliases')} />}
      </FormField>
      <FormField label={t.fields.parent} error={errors.parentId?.message}>
        {(control) => (
          <select {...control} className={`${controlClass} min-h-10`} {...form.register('parentId')}>
            <option value="">{t.fields.noParent}</option>
            {parents.map((parent) => (
              <option key={parent.id} value={String(parent.id)}>
                {parent.abbreviation} — {parent.paliName}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t.fields.position} error={errors.position?.message}>
        {(control) => <Input {...control} inputMode="numeric" autoComplete="off" {...form.register('position')} />}
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            {commonTexts.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? t.saving : t.save}
        </Button>
      </DialogFooter>
    </form>
  )
}
