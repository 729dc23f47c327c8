// The content editor's form: chapter, title, the page text,
// order, published; saving in chunks behind the 'Processing Content' overlay; a conflict question
// when someone saved meanwhile; and a question before leaving with unsaved changes.
import { useId, useRef, useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import type { z } from 'zod'
import { ContentInput } from '#shared/api/content.ts'
import { CONTENT_SIZE_LIMIT_BYTES } from '#shared/limits.ts'
import { fill } from '#shared/text/fill.ts'
import { toastTexts } from '#client/texts/common.ts'
import { contentEditorTexts } from '#client/texts/content-editor.ts'
import type { SavedContent, UploadTarget } from '#client/api/content-upload.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { Checkbox } from '#client/components/ui/Checkbox.tsx'
import { FormField } from '#client/components/ui/FormField.tsx'
import { Input, controlClass } from '#client/components/ui/Input.tsx'
import { Label } from '#client/components/ui/Label.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { ChoiceDialog } from './content-editor/ChoiceDialog.tsx'
import { ContentBody } from './content-editor/ContentBody.tsx'
import type { ContentBodyHandle } from './content-editor/ContentBody.tsx'
import { utf8Bytes } from './content-editor/content-html.ts'
import { ProcessingOverlay } from './content-editor/ProcessingOverlay.tsx'
import type { ChapterChoices } from './content-editor/queries.ts'
import { useSaveContent } from './content-editor/use-save-content.ts'
import { useUnsavedChanges } from './content-editor/use-unsaved-changes.ts'

const EditorFields = ContentInput.pick({ title: true, chapterId: true, order: true, published: true })
type EditorFieldsInput = z.input<typeof EditorFields>
type EditorFieldsValues = z.output<typeof EditorFields>

export interface EditorStart {
  chapterId: number | null
  title: string
  order: number
  published: boolean
  /** Main content, marker and links section joined. */
  text: string
}

interface ContentEditorFormProps {
  contentId: UploadTarget
  /** The version loaded for editing; a newer one on the server makes the save ask first. */
  baseVersion?: number | undefined
  start: EditorStart
  choices: ChapterChoices
}

/** The chapter's pages list, or the books list when the chapter is not among the choices. */
function pagesPath(choices: ChapterChoices, chapterId: number | null): string {
  const book = choices.find((candidate) => candidate.chapters.some((chapter) => chapter.id === chapterId))
  return book ? `/admin/books/${book.id}/chapters/${chapterId}/content` : '/admin/books'
}

export function ContentEditorForm({ contentId, baseVersion, start, choices }: ContentEditorFormProps) {
  const id = useId()
  const navigate = useNavigate()
  const labels = contentEditorTexts
  const knownChapter = choices.some((book) => book.chapters.some((chapter) => chapter.id === start.chapterId))
  const form = useForm<EditorFieldsInput, unknown, EditorFieldsValues>({
    resolver: zodResolver(EditorFields),
    defaultValues: {
      chapterId: knownChapter ? String(start.chapterId) : '',
      title: start.title,
      order: start.order,
      published: start.published,
    },
  })
  const { errors, isDirty } = form.formState
  const [text, setText] = useState(start.text)
  const body = useRef<ContentBodyHandle>(null)

  const { blocker, allowNavigation } = useUnsavedChanges(isDirty || text !== start.text)
  const saving = useSaveContent((content: SavedContent) => {
    allowNavigation()
    void navigate(`/admin/books/${content.chapter.bookId}/chapters/${content.chapterId}/content`)
  })
  const selectedChapter = Number(useWatch({ control: form.control, name: 'chapterId' })) || start.chapterId

  const submit = form.handleSubmit((values) => {
    const current = body.current?.currentText() ?? text
    if (utf8Bytes(current) > CONTENT_SIZE_LIMIT_BYTES) {
      toast({ variant: 'destructive', title: toastTexts.error, description: labels.overLimit })
      return
    }
    void saving.save({
      text: current,
      contentId,
      metadata: {
        title: values.title,
        chapterId: values.chapterId,
        order: values.order,
        published: values.published,
        ...(baseVersion === undefined ? {} : { baseVersion }),
      },
    })
  })

  const state = saving.state
  return (
    <>
      <form className="grid gap-5" noValidate onSubmit={submit} aria-busy={state.phase === 'saving'}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label={labels.fields.chapter} error={errors.chapterId?.message}>
            {(control) => (
              <select {...control} className={`${controlClass} min-h-10`} {...form.register('chapterId')}>
                <option value="">{labels.fields.chapterPlaceholder}</option>
                {choices.map((book) => (
                  <optgroup key={book.id} label={book.title}>
                    {book.chapters.map((chapter) => (
                      <option key={chapter.id} value={String(chapter.id)}>
                        {chapter.title}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            )}
          </FormField>
          <FormField label={labels.fields.title} error={errors.title?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('title')} />}
          </FormField>
        </div>

        <ContentBody ref={body} text={text} onTextChange={setText} />

        <div className="flex flex-wrap items-end gap-6">
          <div className="w-40">
            <FormField label={labels.fields.order} error={errors.order?.message}>
              {(control) => (
                <Input {...control} type="number" inputMode="numeric" step={1} {...form.register('order')} />
              )}
            </FormField>
          </div>
          <Controller
            control={form.control}
            name="published"
            render={({ field }) => (
              <div className="flex min-h-10 items-center gap-2">
                <Checkbox
                  id={`${id}-published`}
                  checked={field.value ?? false}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                />
                <Label htmlFor={`${id}-published`}>{labels.fields.published}</Label>
              </div>
            )}
          />
        </div>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="secondary">
            <Link to={pagesPath(choices, selectedChapter)}>{labels.cancel}</Link>
          </Button>
          <Button type="submit" disabled={state.phase !== 'idle'} aria-busy={state.phase === 'saving'}>
            {state.phase === 'saving' ? labels.saving : labels.save}
          </Button>
        </div>
      </form>

      <ProcessingOverlay open={state.phase === 'saving'} progress={state.phase === 'saving' ? state.progress : null} />
      <ChoiceDialog
        open={state.phase === 'conflict'}
        title={labels.conflict.title}
        description={
          state.phase === 'conflict'
            ? fill(labels.conflict.description, {
                who: state.conflict.updatedBy ?? labels.conflict.someone,
                when: state.conflict.updatedAt ? new Date(state.conflict.updatedAt).toLocaleString() : '?',
              })
            : ''
        }
        cancelLabel={labels.conflict.cancel}
        confirmLabel={labels.conflict.overwrite}
        onCancel={saving.cancelConflict}
        onConfirm={() => void saving.overwrite()}
      />
      <ChoiceDialog
        open={blocker.state === 'blocked'}
        title={labels.leave.title}
        description={labels.leave.description}
        cancelLabel={labels.leave.stay}
        confirmLabel={labels.leave.leave}
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      />
    </>
  )
}
