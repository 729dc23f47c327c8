// /api/books and /api/books/{id} (contract: shared/api/books.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { Book, BookInput, BookWithChapters, CoverQuery } from '#shared/api/books.ts'
import { IdParams } from '#shared/api/common.ts'
import type { Db } from '../../db/client.ts'
import { notFound } from '../../http/errors.ts'
import { sendVersioned } from '../../http/immutable.ts'
import { withIsoDates } from '../../lib/timestamps.ts'
import { findBook } from './books.repo.ts'
import { bookCover, booksWithChapters, changeBook, createBook, removeBook } from './books.service.ts'

/** A cover image may be up to 14,000,000 characters; the JSON around it needs a little more. */
const BOOK_BODY_LIMIT = 15 * 1024 * 1024

export const booksRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/books',
    { config: { access: 'public', cost: 'rows' }, schema: { response: { 200: z.array(BookWithChapters) } } },
    async (request) => {
      // Administrators count every page; visitors only the published ones they can open.
      const books = await booksWithChapters(db, { publishedOnly: request.user === null })
      return books.map(withIsoDates)
    },
  )

  app.get(
    '/api/books/:id',
    { config: { access: 'public', cost: 'fixed' }, schema: { params: IdParams, response: { 200: Book } } },
    async (request) => {
      const book = await findBook(db, request.params.id)
      if (!book) throw notFound('Book')
      return withIsoDates(book)
    },
  )

  app.get(
    '/api/books/:id/cover',
    {
      config: { access: 'public', cost: 'fixed' },
      schema: {
        description:
          'The cover picture itself (image/jpeg, image/png or image/webp). With `v` naming the current ' +
          'picture (the address in `coverUrl`) it may be kept for a year; otherwise it must be revalidated.',
        params: IdParams,
        querystring: CoverQuery,
      },
    },
    async (request, reply) => {
      // Books have no drafts: a cover is as public as its book (GET /api/books/{id}).
      const cover = await bookCover(db, request.params.id)
      if (!cover) throw notFound('Cover')
      return sendVersioned(request, reply, {
        etag: `"${cover.version}"`,
        keptBy: 'anyone',
        // The address names the picture, so what it answers never changes; any other asks again.
        versioned: request.query.v === cover.version,
        type: cover.type,
        body: cover.bytes,
      })
    },
  )

  app.post(
    '/api/books',
    { config: { access: 'admin' }, bodyLimit: BOOK_BODY_LIMIT, schema: { body: BookInput, response: { 201: Book } } },
    async (request, reply) => {
      const book = await createBook(db, request.user!, request.body)
      return reply.status(201).send(withIsoDates(book))
    },
  )

  app.put(
    '/api/books/:id',
    {
      config: { access: 'admin' },
      bodyLimit: BOOK_BODY_LIMIT,
      schema: { params: IdParams, body: BookInput, response: { 200: Book } },
    },
    async (request) => withIsoDates(await changeBook(db, request.user!, request.params.id, request.body)),
  )

  app.delete(
    '/api/books/:id',
    { config: { access: 'admin' }, schema: { params: IdParams } },
    async (request, reply) => {
      await removeBook(db, request.user!, request.params.id)
      return reply.status(204).send()
    },
  )
}
