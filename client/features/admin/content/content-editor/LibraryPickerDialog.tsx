// "Vali pilt pildikogust": the pictures already uploaded, as buttons; the chosen one goes on to
// the alt-text dialog and into the page like an uploaded one.
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import type { Image } from '#shared/api/images.ts'
import { fill } from '#shared/text/fill.ts'
import { imageTexts } from '#client/texts/images.ts'
import { siteTexts } from '#client/texts/common.ts'
import { imageQueries } from '#client/api/images.ts'
import { Dialog, DialogContent } from '#client/components/ui/Dialog.tsx'
import { ToolbarButton } from '../../ToolbarButton.tsx'

export function LibraryPickerButton({ disabled, onPick }: { disabled: boolean; onPick: (image: Image) => void }) {
  const [open, setOpen] = useState(false)
  const t = imageTexts.editor
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <ToolbarButton label={t.fromLibrary} disabled={disabled} onClick={() => setOpen(true)}>
        <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="7" y="3" width="14" height="14" rx="2" />
          <path d="M3 7v12a2 2 0 0 0 2 2h12" />
          <path d="m21 13-4-4-6 6" />
        </svg>
      </ToolbarButton>
      {open ? (
        <DialogContent title={t.fromLibrary} description={t.fromLibraryDescription} className="max-w-2xl">
          <LibraryChoices
            onPick={(image) => {
              setOpen(false)
              onPick(image)
            }}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  )
}

function LibraryChoices({ onPick }: { onPick: (image: Image) => void }) {
  const t = imageTexts.editor
  const library = useQuery(imageQueries.list())
  if (library.isPending) return <p role="status">{siteTexts.loading}</p>
  if (library.isError) return <p role="alert">{t.libraryFailed}</p>
  if (library.data.length === 0) return <p>{t.libraryEmpty}</p>
  return (
    <ul className="grid max-h-[60dvh] grid-cols-2 gap-3 overflow-y-auto sm:grid-cols-3">
      {library.data.map((image) => (
        <li key={image.id}>
          <button
            type="button"
            onClick={() => onPick(image)}
            className="grid w-full gap-1 rounded-md border border-stone-300 bg-white p-2 text-left text-sm hover:bg-stone-100"
          >
            <span className="flex h-24 items-center justify-center overflow-hidden rounded bg-stone-100">
              <img
                src={image.url}
                alt=""
                width={image.width}
                height={image.height}
                loading="lazy"
                className="max-h-24 w-auto max-w-full object-contain"
              />
            </span>
            <span className="break-all text-stone-900">{image.alt || image.fileName}</span>
            <span className="text-xs text-stone-600">
              {fill(t.dimensions, { width: image.width, height: image.height })}
            </span>
          </button>
        </li>
      ))}
    </ul>
  )
}
