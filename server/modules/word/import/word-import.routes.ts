// POST /api/admin/word/preview: a .docx in the multipart field `file` made into the page HTML the
// editor saves (contract: shared/api/word.ts). POST /api/admin/word/discard: the pictures of
// previews the editor did not take, removed in one call. Multipart parsing is registered only in
// this plugin (and the pictures' and the terms import's), so no other route accepts multipart
// bodies. The file is read into memory, never written to disk: nothing is left behind when it is
// refused.
import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { WordDiscarded, WordDiscardInput, WordPreview, WordPreviewQuery } from '#shared/api/word.ts'
import { DOCX_MAX_BYTES } from '#shared/limits.ts'
import { assertWellFormedText, multipartFieldValues } from '../../../http/text-guard.ts'
import { AppError, badRequest, codeOfStatus } from '../../../http/errors.ts'
import type { ContentContext } from '../../content/content-state.ts'
import { removeImagesNotShown } from '../../images/images.service.ts'
import { DOCX_MESSAGES } from './docx-file.ts'
import { previewWordImport } from './word-import.service.ts'

/** The one uploaded file's bytes and name; a body that is not a well-formed upload of one is a 4xx. */
async function readWordUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest(DOCX_MESSAGES.missing)
  try {
    const upload = await request.file()
    if (!upload || upload.fieldname !== 'file') throw badRequest(DOCX_MESSAGES.missing)
    assertWellFormedText(upload.filename, multipartFieldValues(upload.fields))
    const bytes = await upload.toBuffer()
    if (bytes.length === 0) throw badRequest(DOCX_MESSAGES.missing)
    return { bytes, fileName: upload.filename }
  } catch (error) {
    if (error instanceof AppError) throw error
    const status = (error as { statusCode?: number }).statusCode
    if (status === 413) throw new AppError(413, 'too_large', DOCX_MESSAGES.tooLarge)
    if (status !== undefined && status < 500) throw new AppError(status, codeOfStatus(status), (error as Error).message)
    // The multipart parser throws plain errors for a missing boundary or a body cut short.
    throw badRequest(`Vigane multipart-päring: ${(error as Error).message}`)
  }
}

export const wordImportRoutes: FastifyPluginAsyncZod<{ content: ContentContext }> = async (app, { content }) => {
  await app.register(multipart, { limits: { fileSize: DOCX_MAX_BYTES, files: 1, fields: 5, parts: 10 } })

  app.post(
    '/api/admin/word/preview',
    {
      config: { access: 'admin', pagesUnchanged: true },
      schema: {
        description:
          'A Word file (.docx, multipart field `file`, at most 50 MB) converted to the page HTML the editor ' +
          'saves, with its counts and what did not come through; with `contentId`, compared with that ' +
          'page’s current text. Its pictures are stored in the picture library; nothing else is saved. ' +
          'A .doc, PDF or other file answers 415, a password-locked one 415 `encrypted_document`, one ' +
          'too large (or unpacking too large) 413.',
        querystring: WordPreviewQuery,
        response: { 200: WordPreview },
      },
    },
    async (request) => {
      const file = await readWordUpload(request)
      return previewWordImport(
        content,
        request.user!,
        file,
        request.query.contentId,
        () => request.raw.socket?.destroyed === true,
        request.log,
      )
    },
  )

  app.post(
    '/api/admin/word/discard',
    {
      config: { access: 'admin', pagesUnchanged: true },
      schema: {
        description:
          'Removes pictures that Word previews added and the editor did not take (`addedPictures`), in one ' +
          'pass: those no page’s current text shows go, with their audit entries; the others stay. ' +
          'Answers the ids removed.',
        body: WordDiscardInput,
        response: { 200: WordDiscarded },
      },
    },
    // A picture asked twice is removed once (the second finds nothing to remove).
    async (request) => ({ removed: await removeImagesNotShown(content.db, request.user!, request.body.pictures) }),
  )
}
