// The blocking 'Processing Content' overlay while a page is saved: a modal that cannot be closed,
// with a real progress bar (chunks sent of all) and then the server's processing step.
import * as DialogPrimitive from '@radix-ui/react-dialog'
import { clsx } from 'clsx'
import { fill } from '#shared/text/fill.ts'
import { contentEditorTexts } from '#client/texts/content-editor.ts'
import type { UploadProgress } from '#client/api/content-upload.ts'
import { overlayClass, panelClass } from '#client/components/ui/Dialog.tsx'

const keepOpen = (event: Event) => event.preventDefault()

export function ProcessingOverlay({ open, progress }: { open: boolean; progress: UploadProgress | null }) {
  const labels = contentEditorTexts
  const step =
    progress?.phase === 'processing'
      ? labels.processingStep
      : fill(labels.sendingChunk, { chunk: progress?.chunk ?? 1, totalChunks: progress?.totalChunks ?? 1 })
  // While uploading, the share of chunks sent; while the server processes, an indeterminate bar.
  const value = progress?.phase === 'uploading' ? progress.sent / progress.totalChunks : undefined
  return (
    <DialogPrimitive.Root open={open}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClass} />
        <DialogPrimitive.Content
          className={clsx(panelClass, 'max-w-md')}
          aria-busy="true"
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
        >
          <DialogPrimitive.Title className="font-serif text-xl font-semibold text-stone-900">
            {labels.processing}
          </DialogPrimitive.Title>
          <DialogPrimitive.Description aria-live="polite" className="text-sm text-stone-700">
            {step}
          </DialogPrimitive.Description>
          <progress
            aria-label={labels.progressLabel}
            className="h-3 w-full overflow-hidden rounded accent-stone-800"
            max={1}
            {...(value === undefined ? {} : { value })}
          />
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
