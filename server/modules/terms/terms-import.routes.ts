// POST /api/terms/import: a CSV file in the multipart field `file`. Multipart parsing is registered
// only in this plugin, so no other route accepts multipart bodies.
import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { TermImportResult } from '#shared/api/terms.ts'
import type { Db } from '../../db/client.ts'
import { assertWellFormedText, multipartFieldValues } from '../../http/text-guard.ts'
import { AppError, badRequest } from '../../http/errors.ts'
import type { TermLookupIndex } from './term-lookup.ts'
import { importTermsCsv } from './terms-import.service.ts'

const CSV_REFUSED = 'Please upload a CSV file'
const MAX_CSV_BYTES = 10 * 1024 * 1024
// Browsers on Windows label .csv files with these types, so they count only with a .csv name.
const CSV_BY_NAME_TYPES = new Set(['application/vnd.ms-excel', 'text/plain'])

export function isCsvUpload(mimetype: string, filename: string) {
  const type = mimetype.toLowerCase()
  return type === 'text/csv' || (CSV_BY_NAME_TYPES.has(type) && filename.toLowerCase().endsWith('.csv'))
}

/** The uploaded CSV file's bytes; a body that is not a well-formed upload of one is a 4xx. */
async function readCsvUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest(CSV_REFUSED)
  try {
    const upload = await request.file()
    if (!upload || upload.fieldname !== 'file') throw badRequest(CSV_REFUSED)
    assertWellFormedText(upload.filename, multipartFieldValues(upload.fields))
    if (!isCsvUpload(upload.mimetype, upload.filename)) {
      upload.file.resume() // drain it, so the request can end
      throw badRequest(CSV_REFUSED)
    }
    // A file over the limit throws a 413 here (the error handler answers { error }).
    return await upload.toBuffer()
  } catch (error) {
    // The multipart parser throws plain errors for a missing boundary or a body cut short.
    const status = (error as { statusCode?: number }).statusCode
    if (error instanceof AppError || (status !== undefined && status < 500)) throw error
    throw badRequest(`Malformed multipart body: ${(error as Error).message}`)
  }
}

export const termImportRoutes: FastifyPluginAsyncZod<{ db: Db; termLookup: TermLookupIndex }> = async (
  app,
  { db, termLookup },
) => {
  await app.register(multipart, { limits: { fileSize: MAX_CSV_BYTES, files: 1, fields: 10, parts: 20 } })

  app.post(
    '/api/terms/import',
    { config: { access: 'admin' }, schema: { response: { 200: TermImportResult } } },
    async (request) => {
      const file = await readCsvUpload(request)
      const result = await importTermsCsv(db, request.user!, file)
      termLookup.changed()
      request.log.info(
        { created: result.created, updated: result.updated, rejected: result.rejected.length },
        'terms imported',
      )
      return result
    },
  )
}
