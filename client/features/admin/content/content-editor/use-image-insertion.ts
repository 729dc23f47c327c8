// Pictures into the rich-text view: a chosen, pasted or dropped file is uploaded at once (its
// progress shown), then inserted where it was put, with the alt text asked in a dialog. Paste and
// drop handlers are stable, so the editor's props need not change with the upload's state.
import { useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { EditorView } from '@tiptap/pm/view'
import type { Editor } from '@tiptap/react'
import type { Image, ImageUploadResult } from '#shared/api/images.ts'
import { IMAGE_MAX_BYTES } from '#shared/limits.ts'
import { fill } from '#shared/text/fill.ts'
import { imageTexts } from '#client/texts/images.ts'
import { failureText } from '#client/api/http.ts'
import { uploadImage, useChangeImageAlt } from '#client/api/images.ts'
import { toast } from '#client/components/ui/use-toast.ts'
import { fileVerdict, imageFilesOf } from './image-files.ts'
import { storedImageAttributes } from './image-node.ts'

export interface ImageUpload {
  fileName: string
  /** Where the picture goes in the document; null: at the selection when inserted. */
  position: number | null
  /** 0…1 of the file sent; 1 while the server works on it. */
  progress: number
  image: ImageUploadResult | null
  /** Chosen from the library rather than uploaded. */
  picked?: boolean
}

export function useImageInsertion() {
  const [upload, setUpload] = useState<ImageUpload | null>(null)
  const abort = useRef<AbortController | null>(null)
  const changeAlt = useChangeImageAlt()
  const t = imageTexts.editor

  function fail(description: string) {
    toast({ variant: 'destructive', title: t.failed, description })
  }

  function start(files: readonly File[], position: number | null) {
    const [file] = files
    if (!file || upload) return
    if (files.length > 1) toast({ title: t.oneAtATime })
    const verdict = fileVerdict(file)
    if (verdict === 'not-a-picture') return fail(fill(t.notAnImage, { name: file.name }))
    if (verdict === 'too-large') {
      return fail(fill(t.tooLarge, { name: file.name, megabytes: IMAGE_MAX_BYTES / 1024 / 1024 }))
    }
    const controller = new AbortController()
    abort.current = controller
    setUpload({ fileName: file.name, position, progress: 0, image: null })
    uploadImage(file, (progress) => setUpload((current) => current && { ...current, progress }), controller.signal)
      .then((image) => setUpload((current) => current && { ...current, progress: 1, image }))
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return
        setUpload(null)
        fail(failureText(failure))
      })
  }

  // The latest start, for handlers made once.
  const startRef = useRef(start)
  useLayoutEffect(() => {
    startRef.current = start
  })

  const editorHandlers = useMemo(
    () => ({
      handlePaste: (view: EditorView, event: ClipboardEvent) => {
        const files = imageFilesOf(event.clipboardData?.files)
        if (files.length === 0) return false
        event.preventDefault()
        startRef.current(files, view.state.selection.from)
        return true
      },
      handleDrop: (view: EditorView, event: DragEvent, _slice: unknown, moved: boolean) => {
        if (moved) return false
        const files = imageFilesOf(event.dataTransfer?.files)
        if (files.length === 0) return false
        event.preventDefault()
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })
        startRef.current(files, at?.pos ?? null)
        return true
      },
    }),
    [],
  )

  /** A picture already in the library, chosen to be put in again: no upload, straight to its alt text. */
  function pick(image: Image, position: number | null) {
    if (upload) return
    setUpload({ fileName: image.fileName, position, progress: 1, image: { ...image, existing: true }, picked: true })
  }

  function cancel() {
    abort.current?.abort()
    abort.current = null
    setUpload(null)
  }

  /** Puts the uploaded picture into the document; a new alt text is kept with the picture too. */
  function insert(editor: Editor, alt: string) {
    const image = upload?.image
    if (!image) return
    const attributes = storedImageAttributes(image, alt)
    const size = editor.state.doc.content.size
    const position = Math.min(upload.position ?? editor.state.selection.from, size)
    editor.chain().focus().insertContentAt(position, { type: 'image', attrs: attributes }).run()
    if (alt !== '' && image.alt === '') {
      changeAlt.mutate({ id: image.id, alt }, { onError: (failure) => fail(failureText(failure)) })
    }
    abort.current = null
    setUpload(null)
  }

  return { upload, start, pick, cancel, insert, editorHandlers }
}

export type ImageInsertion = ReturnType<typeof useImageInsertion>
