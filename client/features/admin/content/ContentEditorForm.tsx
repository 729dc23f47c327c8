// The content editor's form: chapter, title, the page text,
// order, published; saving in chunks behind the 'Processing Content' overlay; a conflict question
// when someone saved meanwhile; and a question before leaving with unsaved changes. Opened on one
// section, the editor holds that section and saves it spliced back into the page; unsaved work is
// kept as a local draft; Ctrl+S saves.
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import type { z } from 'zod'
import { ContentInput } from '#shared/api/content.ts'
import { CONTENT_SIZE_LIMIT_BYTES } from '#shared/limits.ts'
import { fill } from '#shared/text/fill.ts'
import { spliceSection } from '#shared/text/page-sections.ts'
import type { PageSection } from '#shared/text/page-sections.ts'
import { toastTexts } from '#client/texts/common.ts'
import { contentEditorTexts } from '#client/texts/content-editor.ts'
import { wordImportTexts } from '#client/texts/word-import.ts'
import { saveShortcutTexts, sectionTexts } from '#client/texts/content-sections.ts'
import { userQueries } from '#client/api/auth.ts'
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
import { DraftOffer } from './content-editor/DraftOffer.tsx'
import { PageSections } from './content-editor/PageSections.tsx'
import { ProcessingOverlay } from './content-editor/ProcessingOverlay.tsx'
import type { ChapterChoices } from './content-editor/queries.ts'
import { rebaseOnNewest } from './content-editor/section-rebase.ts'
import { SectionNotice } from './content-editor/SectionNotice.tsx'
import { useLocalDraft } from './content-editor/use-local-draft.ts'
import { useSaveContent } from './content-editor/use-save-content.ts'
import { useSaveShortcut } from './content-editor/use-save-shortcut.ts'
import { useUnsavedChanges } from './content-editor/use-unsaved-changes.ts'
import { useOpenWork } from '../unsaved-work.ts'
import { WordImportButton } from '../word-import/WordImportDialog.tsx'
import type { WordPreview } from '../word-import/word-preview.ts'

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
  /** One section of start.text is edited alone and spliced back into it when saved. */
  section?: PageSection | undefined
  /** The Word import's dialog opens at once (the chapter's pages list's import). */
  openImport?: boolean | undefined
}

/** The chapter's pages list, or the books list when the chapter is not among the choices. */
function pagesPath(choices: ChapterChoices, chapterId: number | null): string {
  const book = choices.find((candidate) => candidate.chapters.some((chapter) => chapter.id === chapterId))
  return book ? `/admin/books/${book.id}/chapters/${chapterId}/content` : '/admin/books'
}

export function ContentEditorForm({
  contentId,
  baseVersion,
  start,
  choices,
  section,
  openImport,
}: ContentEditorFormProps) {
  const id = useId()
  const navigate = useNavigate()
  const formElement = useRef<HTMLFormElement>(null)
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
  // what the editor holds: the whole page, or the one section
  const editedStart = section ? section.html : start.text
  const [text, setText] = useState(editedStart)
  // a restored draft replaces the views' text: they are made again
  const [bodyKey, setBodyKey] = useState(0)
  const body = useRef<ContentBodyHandle>(null)
  // the size shown and checked is the whole page's: the rest of the page around the section counts
  const otherBytes = useMemo(
    () => (section ? utf8Bytes(start.text) - utf8Bytes(section.html) : 0),
    [start.text, section],
  )
  const pageId = typeof contentId === 'number' && baseVersion !== undefined ? contentId : null
  // the drafts are this user's own (decision 044); the admin shell is remounted if the user changes
  const userId = useQuery(userQueries.current()).data?.id ?? null
  const draft = useLocalDraft({
    userId,
    pageId,
    section: section?.heading.id ?? '',
    version: baseVersion ?? 0,
    savedText: editedStart,
    text,
  })

  // a tab being closed or hidden keeps what was typed last, without waiting for the pause
  const { keepNow } = draft
  useEffect(() => {
    const keepTyped = () => {
      if (document.visibilityState === 'hidden') keepNow(body.current?.currentText() ?? text)
    }
    document.addEventListener('visibilitychange', keepTyped)
    return () => document.removeEventListener('visibilitychange', keepTyped)
  }, [keepNow, text])

  const dirty = isDirty || text !== editedStart
  const { blocker, allowNavigation } = useUnsavedChanges(dirty)
  // logging out asks first while this holds changes; once logged out, no draft is kept and leaving is not held
  useOpenWork(dirty, () => {
    draft.letGo()
    allowNavigation()
  })
  const saving = useSaveContent((content: SavedContent) => {
    allowNavigation()
    void draft.saved()
    void navigate(
      section
        ? `/content/${content.id}#${encodeURIComponent(section.heading.id)}`
        : `/admin/books/${content.chapter.bookId}/chapters/${content.chapterId}/content`,
    )
  })
  const selectedChapter = Number(useWatch({ control: form.control, name: 'chapterId' })) || start.chapterId

  const editedText = () => body.current?.currentText() ?? text
  const submit = form.handleSubmit((values) => {
    const current = section ? spliceSection(start.text, section, editedText()) : editedText()
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
  useSaveShortcut(() => formElement.current?.requestSubmit(), state.phase === 'idle' && blocker.state !== 'blocked')

  /** A 409 on a section: put the section into the page as saved now, where that is safe. */
  async function putSectionIntoNewest() {
    if (state.phase !== 'conflict' || !section || pageId === null) return
    const { request } = state
    saving.cancelConflict()
    try {
      const rebased = await rebaseOnNewest(pageId, section, editedText())
      if (!rebased.ok) {
        const reasons = sectionTexts.conflict
        const description = rebased.reason === 'heading-missing' ? reasons.headingMissing : reasons.sectionChanged
        toast({ variant: 'destructive', title: toastTexts.error, description })
        return
      }
      void saving.save({
        ...request,
        text: rebased.text,
        metadata: { ...request.metadata, baseVersion: rebased.version },
      })
    } catch (failure) {
      toast({ variant: 'destructive', title: toastTexts.error, description: String(failure) })
    }
  }

  function restoreDraft() {
    const restored = draft.restore()
    if (restored === null) return
    setText(restored)
    setBodyKey((key) => key + 1)
  }

  /** A Word file's text replaces the editor's; "Salvesta" saves it as any edit (decision 062). */
  function acceptImport(preview: WordPreview) {
    setText(preview.html)
    setBodyKey((key) => key + 1)
    if (form.getValues('title').trim() === '' && preview.title !== '') {
      form.setValue('title', preview.title, { shouldDirty: true, shouldValidate: true })
    }
    toast({ title: toastTexts.success, description: wordImportTexts.accepted })
  }

  const conflictTexts = section ? sectionTexts.conflict : labels.conflict
  return (
    <>
      <form ref={formElement} className="grid gap-5" noValidate onSubmit={submit} aria-busy={state.phase === 'saving'}>
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

        {draft.offer ? <DraftOffer offer={draft.offer} onRestore={restoreDraft} onDiscard={draft.discard} /> : null}
        {section && pageId !== null ? <SectionNotice pageId={pageId} heading={section.heading.text} /> : null}
        {section ? null : (
          <div className="flex justify-end">
            <WordImportButton contentId={pageId} defaultOpen={openImport} onAccept={acceptImport} />
          </div>
        )}
        <ContentBody key={bodyKey} ref={body} text={text} onTextChange={setText} otherBytes={otherBytes} />
        {pageId !== null && !section ? <PageSections pageId={pageId} savedText={start.text} /> : null}

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
          <Button
            type="submit"
            disabled={state.phase !== 'idle'}
            aria-busy={state.phase === 'saving'}
            title={fill(saveShortcutTexts.title, { save: labels.save })}
            aria-keyshortcuts={saveShortcutTexts.keys}
          >
            {state.phase === 'saving' ? labels.saving : labels.save}
          </Button>
        </div>
      </form>

      <ProcessingOverlay open={state.phase === 'saving'} progress={state.phase === 'saving' ? state.progress : null} />
      <ChoiceDialog
        open={state.phase === 'conflict'}
        title={conflictTexts.title}
        description={
          state.phase === 'conflict'
            ? fill(conflictTexts.description, {
                who: state.conflict.updatedBy ?? conflictTexts.someone,
                when: state.conflict.updatedAt ? new Date(state.conflict.updatedAt).toLocaleString() : '?',
              })
            : ''
        }
        cancelLabel={conflictTexts.cancel}
        confirmLabel={section ? sectionTexts.conflict.put : labels.conflict.overwrite}
        onCancel={saving.cancelConflict}
        onConfirm={() => void (section ? putSectionIntoNewest() : saving.overwrite())}
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
