// /api/images: pictures for pages (contract: shared/api/images.ts). Multipart parsing is registered
// only in this plugin and the terms import's, so no other route accepts multipart bodies.
import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParams } from '#shared/api/common.ts'
import { Image, ImageAltInput, ImageList, ImageQuery, ImageUploadResult } from '#shared/api/images.ts'
import { IMAGE_MAX_BYTES } from '#shared/limits.ts'
import type { Db } from '../../db/client.ts'
import { AppError, badRequest, notFound } from '../../http/errors.ts'
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
    const bytes = await upload.toBuffer()
    if (bytes.length === 0) throw badRequest(FILE_MISSING)
    return { bytes, fileName: upload.filename }
  } catch (error) {
    if (error instanceof AppError) throw error
    const status = (error as { statusCode?: number }).statusCode
    if (status === 413) throw new AppError(413, FILE_TOO_LARGE)
    if (status !== undefined && status < 500) throw new AppError(status, (error as Error).message)
    // The multipart parser throws plain errors for a missing boundary or a body cut short.
    throw badRequest(`Malformed multipart body: ${(error as Error).message}`)
  }
}

export const imagesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
      config: { access: 'public' },
      schema: {
        description:
          'The picture itself (image/jpeg or image/webp). With `v` naming it (the address in `url`) it ' +
          'may be kept for a year; otherwise it must be revalidated.',
        params: IdParams,
        querystring: ImageQuery,
      },
    },
    async (request, reply) => {
      // Pictures are as public as the pages that show them; an unpublished page's picture is
      // reachable only by one who knows its id and hash.
      const image = await servedImage(db, request.params.id)
      if (!image) throw notFound('Image')
      const etag = `"${image.version}"`
      reply.header('ETag', etag)
      reply.header('X-Content-Type-Options', 'nosniff')
      reply.header(
        'Cache-Control',
        request.query.v === image.version ? 'public, max-age=31536000, immutable' : 'public, no-cache',
      )
      if (request.headers['if-none-match'] === etag) return reply.status(304).send()
      return reply.type(image.type).send(image.bytes)
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
