// Saving from the editor: chunked upload with progress, the conflict question, and what happens
// after (toast, fresh lists, on to the chapter's pages). A failure keeps everything in the editor.
import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { toastTexts } from '#client/texts/common.ts'
import { contentEditorTexts } from '#client/texts/content-editor.ts'
import { refreshLibrary } from '#client/api/library-queries.ts'
import { overwriteContent, uploadContent } from '#client/api/content-upload.ts'
import type { SaveConflict, SavedContent, UploadProgress, UploadRequest } from '#client/api/content-upload.ts'
import { toast } from '#client/components/ui/use-toast.ts'

export type SaveState =
  | { phase: 'idle' }
  | { phase: 'saving'; progress: UploadProgress | null }
  | { phase: 'conflict'; conflict: SaveConflict; request: UploadRequest }

export function useSaveContent(onSaved: (content: SavedContent) => void) {
  const queryClient = useQueryClient()
  const [state, setState] = useState<SaveState>({ phase: 'idle' })

  const onProgress = (progress: UploadProgress) => setState({ phase: 'saving', progress })

  function finish(content: SavedContent) {
    setState({ phase: 'idle' })
    toast({ title: toastTexts.success, description: contentEditorTexts.saved })
    void refreshLibrary(queryClient)
    onSaved(content)
  }

  function fail(failure: unknown) {
    setState({ phase: 'idle' })
    toast({
      variant: 'destructive',
      title: toastTexts.error,
      description: failure instanceof Error ? failure.message : String(failure),
    })
  }

  async function save(request: UploadRequest) {
    setState({ phase: 'saving', progress: null })
    try {
      const outcome = await uploadContent(request, { onProgress })
      if (outcome.status === 'conflict') setState({ phase: 'conflict', conflict: outcome.conflict, request })
      else finish(outcome.content)
    } catch (failure) {
      fail(failure)
    }
  }

  async function overwrite() {
    if (state.phase !== 'conflict') return
    const { request } = state
    setState({ phase: 'saving', progress: null })
    try {
      finish(await overwriteContent(request, { onProgress }))
    } catch (failure) {
      fail(failure)
    }
  }

  const cancelConflict = () => setState({ phase: 'idle' })

  return { state, save, overwrite, cancelConflict }
}
