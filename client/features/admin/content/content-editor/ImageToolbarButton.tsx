// "Lisa pilt" in the rich-text toolbar: opens the file dialog; the chosen file goes to the upload.
import { useRef } from 'react'
import { IMAGE_ACCEPT } from '#shared/limits.ts'
import { imageTexts } from '#client/texts/images.ts'
import { ToolbarButton } from '../../ToolbarButton.tsx'

export function ImageToolbarButton({ disabled, onFiles }: { disabled: boolean; onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <ToolbarButton label={imageTexts.editor.insert} disabled={disabled} onClick={() => input.current?.click()}>
        <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <circle cx="9" cy="10" r="2" />
          <path d="m21 17-5-5-9 8" />
        </svg>
      </ToolbarButton>
      <input
        ref={input}
        type="file"
        accept={IMAGE_ACCEPT}
        aria-label={imageTexts.editor.chooseFile}
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? [])
          event.target.value = ''
          if (files.length > 0) onFiles(files)
        }}
      />
    </>
  )
}
