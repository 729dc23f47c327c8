// The HTML view: the whole page text in a plain textarea. Uncontrolled, and read only after a pause
// in typing: with a 9 MB page every copy of the text costs the browser noticeable time.
import { useImperativeHandle, useRef } from 'react'
import type { Ref } from 'react'
import { clsx } from 'clsx'
import { useDebouncedCallback } from '../../use-debounced-callback.ts'
import { editorAreaClass } from './editor-styles.ts'

const READ_DELAY_MS = 300

export interface SourceBodyHandle {
  /** The text as it is now, reporting it too. */
  read: () => string
}

interface SourceBodyProps {
  id: string
  initialText: string
  fontSize: number
  describedBy: string | undefined
  onChange: (text: string) => void
  ref: Ref<SourceBodyHandle>
}

export function SourceBody({ id, initialText, fontSize, describedBy, onChange, ref }: SourceBodyProps) {
  const textarea = useRef<HTMLTextAreaElement>(null)
  const pending = useRef(false)

  function read(): string {
    const text = textarea.current?.value ?? initialText
    if (pending.current) {
      pending.current = false
      onChange(text)
    }
    return text
  }
  const report = useDebouncedCallback(() => void read(), READ_DELAY_MS)
  useImperativeHandle(ref, () => ({ read }))

  return (
    <textarea
      ref={textarea}
      id={id}
      aria-describedby={describedBy}
      spellCheck={false}
      defaultValue={initialText}
      onInput={() => {
        pending.current = true
        report()
      }}
      className={clsx(editorAreaClass, 'block resize-none px-3 py-2 font-mono leading-normal outline-none')}
      style={{ fontSize: `${fontSize}px` }}
    />
  )
}
