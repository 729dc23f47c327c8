// The rich-text view of a page (TipTap with the round-trip schema). It reports the page's HTML a
// moment after typing stops; flush() gives it at once (before a save or a switch of view).
import { useImperativeHandle, useLayoutEffect, useMemo, useRef } from 'react'
import type { Ref } from 'react'
import { EditorContent, useEditor } from '@tiptap/react'
import { editorTextboxAttributes } from '../../editor-textbox.ts'
import { useDebouncedCallback } from '../../use-debounced-callback.ts'
import { toEditorHtml } from './content-html.ts'
import { contentExtensions } from './content-schema.ts'
import { editorBodyClass } from './editor-styles.ts'
import { ImageInsertDialog } from './ImageInsertDialog.tsx'
import { ImageToolbarButton } from './ImageToolbarButton.tsx'
import { LibraryPickerButton } from './LibraryPickerDialog.tsx'
import { RichTextToolbar } from './RichTextToolbar.tsx'
import { useImageInsertion } from './use-image-insertion.ts'
import { serializeContent } from './serialize-content.ts'

/** Serialising a large page takes time: wait for a pause in typing. */
const SERIALIZE_DELAY_MS = 400

export interface RichTextBodyHandle {
  /** The page's HTML when there are edits not yet reported (reporting them too), else null. */
  flush: () => string | null
}

interface RichTextBodyProps {
  initialText: string
  fontSize: number
  labelId: string
  describedBy: string | undefined
  onChange: (text: string) => void
  ref: Ref<RichTextBodyHandle>
}

export function RichTextBody({ initialText, fontSize, labelId, describedBy, onChange, ref }: RichTextBodyProps) {
  const pending = useRef(false)
  const latestOnChange = useRef(onChange)
  useLayoutEffect(() => {
    latestOnChange.current = onChange
  })
  const report = useDebouncedCallback(() => void flush(), SERIALIZE_DELAY_MS)
  const images = useImageInsertion()
  const { editorHandlers } = images
  const editorProps = useMemo(
    () => ({
      attributes: {
        ...editorTextboxAttributes(labelId, describedBy),
        class: 'min-h-full px-3 py-2 outline-none',
      },
      ...editorHandlers,
    }),
    [labelId, describedBy, editorHandlers],
  )
  const editor = useEditor({
    extensions: contentExtensions,
    content: toEditorHtml(initialText),
    editorProps,
    shouldRerenderOnTransaction: false,
    onUpdate: () => {
      pending.current = true
      report()
    },
  })

  function flush(): string | null {
    if (!editor || !pending.current) return null
    pending.current = false
    const text = serializeContent(editor.state.doc)
    latestOnChange.current(text)
    return text
  }
  useImperativeHandle(ref, () => ({ flush }))

  return (
    <div className="grid">
      {editor ? (
        <RichTextToolbar editor={editor}>
          <ImageToolbarButton
            disabled={images.upload !== null}
            onFiles={(files) => images.start(files, editor.state.selection.from)}
          />
          <LibraryPickerButton
            disabled={images.upload !== null}
            onPick={(image) => images.pick(image, editor.state.selection.from)}
          />
        </RichTextToolbar>
      ) : null}
      {editor ? <ImageInsertDialog editor={editor} images={images} /> : null}
      <div className={editorBodyClass} style={{ fontSize: `${fontSize}px` }}>
        <EditorContent editor={editor} className="h-full" />
      </div>
    </div>
  )
}
