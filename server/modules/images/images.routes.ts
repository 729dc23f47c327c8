// /api/images: pictures for pages (contract: shared/api/images.ts). Multipart parsing is registered
// only in this plugin and the terms import's, so no other route accepts multipart bodies.
import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParams } from '#shared/api/common.ts'
import { Image, ImageAltInput, ImageList, ImageQuery, ImageUploadResult } from '#shared/api/images.ts'
import { IMAGE_MAX_BYTES } from '#shared/limits.ts'
import type { Db } from '../../db/client.ts'
import { assertWellFormedText, multipartFieldValues } from '../../http/text-guard.ts'
import { AppError, badRequest, codeOfStatus, notFound } from '../../http/errors.ts'
import { sendVersioned } from '../../http/immutable.ts'
import type { PublicImages } from './public-images.ts'
import { changeImageAlt, imageLibrary, removeImage, servedImage, uploadImage } from './images.service.ts'

const MAX_MEGABYTES = IMAGE_MAX_BYTES / 1024 / 1024
export const FILE_MISSING = 'Choose a picture file to upload (the form field `file`)'
export const FILE_TOO_LARGE = `The file is too large: a picture may be at most ${MAX_MEGABYTES} MB`

/** The one uploaded file's bytes and name; a body that is not a well-formed upload of one is a 4xx. */
async function readImageUpload(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest(FILE_MISSING)
  try {
    const upload = await request.file()
    if (!upload || upload.fieldname !== 'file') throw badRequest(FILE_MISSING)
    assertWellFormedText(upload.filename, multipartFieldValues(upload.fields))
    const bytes = await upload.toBuffer()
    if (bytes.length === 0) throw badRequest(FILE_MISSING)
    return { bytes, fileName: upload.filename }
  } catch (error) {
    if (error instanceof AppError) throw error
    const status = (error as { statusCode?: number }).statusCode
    if (status === 413) throw new AppError(413, 'too_large', FILE_TOO_LARGE)
    if (status !== undefined && status < 500) throw new AppError(status, codeOfStatus(status), (error as Error).message)
    // The multipart parser throws plain errors for a missing boundary or a body cut short.
    throw badRequest(`Malformed multipart body: ${(error as Error).message}`)
  }
}

export const imagesRoutes: FastifyPluginAsyncZod<{ db: Db; publicImages: PublicImages }> = async (
  app,
  { db, publicImages },
) => {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 10 } })

  app.post(
    '/api/images',
    {
      config: { access: 'admin', pagesUnchanged: true },
      schema: {
        description:
          'Upload one picture (multipart field `file`): JPEG, PNG, WebP or GIF, told by its bytes. It is ' +
          'fitted inside 1600×1600, stripped of metadata and stored as JPEG or WebP. The same file again ' +
          'answers the stored picture (`existing: true`).',
        response: { 200: ImageUploadResult },
      },
    },
    async (request) => {
      const { bytes, fileName } = await readImageUpload(request)
      return uploadImage(db, request.user!, bytes, fileName)
    },
  )

  app.get('/api/images', { config: { access: 'admin' }, schema: { response: { 200: ImageList } } }, async () =>
    imageLibrary(db),
  )

  app.get(
    '/api/images/:id',
    {
      config: { access: 'public', cost: 'fixed' },
      schema: {
        description:
          'The picture itself (image/jpeg or image/webp), at its own address only (`url`: with the `v` ' +
          'that names it). Visitors get a picture that a published page shows, which browsers may keep ' +
          'for a year; administrators get every picture. Anything else answers 404, as a missing one does.',
        params: IdParams,
        querystring: ImageQuery,
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const { v } = request.query
      // Visitors: only what a published page shows, checked from memory before anything else, so a
      // draft's picture, a wrong `v` and a made-up id answer alike and cost no query (decision 045).
      const publicVersion = v === undefined ? undefined : await publicImages.version(id)
      if (request.user === null && (publicVersion === undefined || publicVersion !== v)) throw notFound('Image')
      const image = await servedImage(db, id)
      // Everyone: the address must name the picture's bytes (it cannot be guessed from the id).
      if (!image || image.version !== v) throw notFound('Image')
      reply.header('X-Content-Type-Options', 'nosniff')
      return sendVersioned(request, reply, {
        etag: `"${image.version}"`,
        // The bytes of an address never change, but a page may be unpublished: only browsers keep a
        // public picture (no shared cache goes on serving it), and an administrator's browser asks
        // again each time for any other, so it is refused once the session is gone.
        keptBy: publicVersion === image.version ? 'browser' : 'session',
        // Only the address that names the picture's bytes gets here.
        versioned: true,
        type: image.type,
        body: image.bytes,
      })
    },
  )

  app.put(
    '/api/images/:id',
    {
      config: { access: 'admin', pagesUnchanged: true },
      schema: { params: IdParams, body: ImageAltInput, response: { 200: Image } },
    },
    async (request) => changeImageAlt(db, request.user!, request.params.id, request.body.alt),
  )

  app.delete(
    '/api/images/:id',
    {
      config: { access: 'admin', pagesUnchanged: true },
      schema: {
        description: 'Refused with 409 (details.pages names them) while a page’s current text shows the picture.',
        params: IdParams,
      },
    },
    async (request, reply) => {
      await removeImage(db, request.user!, request.params.id)
      return reply.status(204).send()
    },
  )
}
