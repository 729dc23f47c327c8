// The cover picture of a book: choose a file, see it as it will be saved, or remove it.
import { useId, useState } from 'react'
import type { ChangeEvent } from 'react'
import { COVER_IMAGE_ACCEPT } from '#shared/limits.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { FieldError } from '#client/components/ui/FormField.tsx'
import { Label } from '#client/components/ui/Label.tsx'
import { CoverImageError, coverImageFromFile } from './cover-image.ts'

interface CoverImageFieldProps {
  value: string | null | undefined
  onChange: (coverImage: string | null) => void
  /** A failure from the form (e.g. the server refused the picture). */
  error?: string | undefined
}

export function CoverImageField({ value, onChange, error }: CoverImageFieldProps) {
  const id = useId()
  const [processing, setProcessing] = useState(false)
  const [processingError, setProcessingError] = useState<string>()
  const shownError = processingError ?? error

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = '' // choosing the same file again must still trigger a change
    if (!file) return
    setProcessing(true)
    setProcessingError(undefined)
    try {
      onChange(await coverImageFromFile(file))
    } catch (failure) {
      setProcessingError(failure instanceof CoverImageError ? failure.message : adminTexts.books.coverFailed)
    } finally {
      setProcessing(false)
    }
  }

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{adminTexts.books.fields.coverImage}</Label>
      <input
        id={id}
        type="file"
        accept={COVER_IMAGE_ACCEPT}
        aria-invalid={Boolean(shownError)}
        aria-describedby={shownError ? `${id}-error` : undefined}
        aria-busy={processing}
        disabled={processing}
        onChange={(event) => void choose(event)}
        className="text-sm file:mr-3 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
      />
      <FieldError id={`${id}-error`} message={shownError} />
      {value ? (
        <div className="flex items-end gap-3">
          <img
            src={value}
            alt={adminTexts.books.fields.coverImagePreview}
            className="max-h-40 max-w-40 rounded border border-stone-200 object-contain"
          />
          <Button variant="secondary" type="button" onClick={() => onChange(null)}>
            {adminTexts.books.fields.removeCoverImage}
          </Button>
        </div>
      ) : null}
    </div>
  )
}
