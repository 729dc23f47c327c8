// A formatting button of a TipTap toolbar: a labelled toggle that shows whether it is on. A mouse
// press does not take the focus from the editor (TipTap gives it back only on the next frame, so
// keys typed at once would be lost); from the keyboard it is an ordinary button.
import type { ReactNode } from 'react'
import { clsx } from 'clsx'

interface ToolbarButtonProps {
  label: string
  pressed?: boolean
  disabled?: boolean
  onClick: () => void
  children: ReactNode
}

export function ToolbarButton({ label, pressed, disabled = false, onClick, children }: ToolbarButtonProps) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={clsx(
        'inline-flex min-h-9 min-w-9 items-center justify-center rounded px-2 text-sm disabled:opacity-40',
        pressed ? 'bg-stone-800 text-white' : 'text-stone-800 hover:bg-stone-200',
      )}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  )
}
