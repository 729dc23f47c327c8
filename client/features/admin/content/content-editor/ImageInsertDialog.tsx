// The dialog of a picture being added: upload progress, a preview, and the alt text (required,
// or the picture marked decorative) before it goes into the page.
import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import type { Editor } from '@tiptap/react'
import { fill } from '#shared/text/fill.ts'
import { imageTexts } from '#client/texts/images.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { Checkbox } from '#client/components/ui/Checkbox.tsx'
import { Dialog, DialogContent, DialogFooter } from '#client/components/ui/Dialog.tsx'
import { FieldError } from '#client/components/ui/FormField.tsx'
import { Input } from '#client/components/ui/Input.tsx'
import { Label } from '#client/components/ui/Label.tsx'
import type { ImageInsertion, ImageUpload } from './use-image-insertion.ts'

export function ImageInsertDialog({ editor, images }: { editor: Editor; images: ImageInsertion }) {
  const { upload } = images
  return (
    <Dialog open={upload !== null} onOpenChange={(open) => (open ? undefined : images.cancel())}>
      {upload ? (
        <DialogContent title={imageTexts.editor.dialogTitle} description={imageTexts.editor.dialogDescription}>
          {/* Keyed by file: a new upload starts with an empty form. */}
          <ImageInsertForm
            key={upload.fileName}
            upload={upload}
            onCancel={images.cancel}
            onInsert={(alt) => images.insert(editor, alt)}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  )
}

function ImageInsertForm({
  upload,
  onCancel,
  onInsert,
}: {
  upload: ImageUpload
  onCancel: () => void
  onInsert: (alt: string) => void
}) {
  const id = useId()
  const t = imageTexts.editor
  const [alt, setAlt] = useState<string | null>(null)
  const [decorative, setDecorative] = useState(false)
  const [error, setError] = useState<string>()
  const { image } = upload
  // The stored alt text of a picture uploaded before, until the editor writes their own.
  const shownAlt = alt ?? image?.alt ?? ''

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    // The dialog sits in a portal, but React still passes its submit up to the page's own form.
    event.stopPropagation()
    if (!image) return
    const text = shownAlt.trim()
    if (!decorative && text === '') return setError(t.altRequired)
    onInsert(decorative ? '' : text)
  }

  const percent = Math.round(upload.progress * 100)
  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <p className="text-sm font-medium break-all text-stone-900">{upload.fileName}</p>
      {image ? (
        <div className="grid gap-2">
          <img
            src={image.url}
            alt=""
            width={image.width}
            height={image.height}
            className="max-h-48 w-auto max-w-full justify-self-start rounded border border-stone-200 object-contain"
          />
          <p role="status" className="text-sm text-stone-700">
            {upload.picked ? (
              fill(t.picked, { width: image.width, height: image.height })
            ) : (
              <>
                {fill(t.uploaded, { width: image.width, height: image.height })}
                {image.existing ? ` ${t.alreadyThere}` : null}
              </>
            )}
          </p>
        </div>
      ) : (
        <div className="grid gap-1">
          <progress
            aria-labelledby={`${id}-progress`}
            max={100}
            value={percent}
            className="h-2 w-full overflow-hidden rounded accent-stone-800"
          />
          <p id={`${id}-progress`} role="status" className="text-sm text-stone-700">
            {percent < 100 ? fill(t.uploading, { percent }) : t.processing}
          </p>
        </div>
      )}
      <div className="grid gap-1">
        <Label htmlFor={`${id}-alt`}>{t.alt}</Label>
        <Input
          id={`${id}-alt`}
          value={decorative ? '' : shownAlt}
          disabled={decorative}
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            setAlt(event.target.value)
            setError(undefined)
          }}
        />
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {t.altHint}
        </p>
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${id}-decorative`}
          checked={decorative}
          onCheckedChange={(checked) => {
            setDecorative(checked === true)
            setError(undefined)
          }}
        />
        <Label htmlFor={`${id}-decorative`}>{t.decorative}</Label>
      </div>
      <DialogFooter>
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t.cancel}
        </Button>
        <Button type="submit" disabled={!image} aria-busy={!image}>
          {t.insertAction}
        </Button>
      </DialogFooter>
    </form>
  )
}
