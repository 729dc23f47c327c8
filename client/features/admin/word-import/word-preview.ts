// POST /api/admin/word/preview: a .docx sent as the multipart field `file` (with `contentId` for an
// existing page), its upload progress reported, the answer checked against the contract
// (shared/api/word.ts).
import { WordPreview } from '#shared/api/word.ts'
import { uploadFile } from '#client/api/http.ts'

export { WordPreview }

export const WORD_PREVIEW_PATH = '/api/admin/word/preview'

/** Sends the file, reporting the share sent so far (0…1); failures are ApiError with the server's words. */
export function requestWordPreview(
  file: File,
  contentId: number | null,
  onProgress: (sent: number) => void,
  signal: AbortSignal,
): Promise<WordPreview> {
  const query = contentId === null ? '' : `?${new URLSearchParams({ contentId: String(contentId) })}`
  return uploadFile(`${WORD_PREVIEW_PATH}${query}`, file, WordPreview, onProgress, signal)
}
