// One Word import in the dialog: the chosen file is sent at once (its progress shown), then the
// server converts it; the preview or the server's refusal follows. Leaving the dialog stops the upload.
// A preview stores the document's pictures in the picture library; those the editor does not take
// are removed again when the dialog closes, in one call (the server keeps one a page shows).
import { useEffect, useRef, useState } from 'react'
import { ownImageIds } from '#shared/text/image-address.ts'
import { failureText, postJson } from '#client/api/http.ts'
import { requestWordPreview } from './word-preview.ts'
import type { WordPreview } from './word-preview.ts'

export interface ChosenFile {
  /** One per choice: a file chosen again is a new import. */
  choice: number
  name: string
  bytes: number
}

export type WordImportState =
  | { phase: 'choosing' }
  | { phase: 'uploading'; file: ChosenFile; sent: number }
  | { phase: 'converting'; file: ChosenFile }
  | { phase: 'failed'; file: ChosenFile; reason: string }
  | { phase: 'preview'; file: ChosenFile; preview: WordPreview }

export function useWordImport(contentId: number | null) {
  const [state, setState] = useState<WordImportState>({ phase: 'choosing' })
  const abort = useRef<AbortController | null>(null)
  const choices = useRef(0)
  /** Pictures this dialog's previews added to the library and the editor has not taken. */
  const added = useRef(new Set<number>())

  useEffect(
    () => () => {
      abort.current?.abort()
      if (added.current.size === 0) return
      void postJson('/api/admin/word/discard', { pictures: [...added.current] }).catch(() => undefined)
    },
    [],
  )

  function start(file: File) {
    abort.current?.abort()
    const controller = new AbortController()
    abort.current = controller
    choices.current += 1
    const chosen = { choice: choices.current, name: file.name, bytes: file.size }
    setState({ phase: 'uploading', file: chosen, sent: 0 })
    const onProgress = (sent: number) => {
      if (controller.signal.aborted) return
      setState(sent < 1 ? { phase: 'uploading', file: chosen, sent } : { phase: 'converting', file: chosen })
    }
    requestWordPreview(file, contentId, onProgress, controller.signal)
      .then((preview) => {
        for (const id of preview.addedPictures) added.current.add(id)
        if (!controller.signal.aborted) setState({ phase: 'preview', file: chosen, preview })
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setState({ phase: 'failed', file: chosen, reason: failureText(failure) })
      })
  }

  /** The editor takes this preview's text: the pictures it shows stay. */
  function take(preview: WordPreview) {
    for (const id of ownImageIds(preview.html)) added.current.delete(id)
  }

  return { state, start, take }
}
