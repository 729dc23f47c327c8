// /api/chapters, /api/chapters/list/{bookId}, /api/chapters/{id} (contract: shared/api/chapters.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BookIdParams, Chapter, ChapterInput } from '#shared/api/chapters.ts'
import { IdParams } from '#shared/api/common.ts'
import type { Db } from '../../db/client.ts'
import { notFound } from '../../http/errors.ts'
import { withIsoDates } from '../../lib/timestamps.ts'
import { bookExists } from '../books/books.service.ts'
import { findChapter, listBookChapters, listChapters } from './chapters.repo.ts'
import { changeChapter, createChapter, removeChapter } from './chapters.service.ts'

export const chaptersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/chapters',
    { config: { access: 'public', cost: 'rows' }, schema: { response: { 200: z.array(Chapter) } } },
    async () => {
      return (await listChapters(db)).map(withIsoDates)
    },
  )

  app.get(
    '/api/chapters/list/:bookId',
    {
      config: { access: 'public', cost: 'rows' },
      schema: { params: BookIdParams, response: { 200: z.array(Chapter) } },
    },
    async (request) => {
      const chapters = await listBookChapters(db, request.params.bookId)
      // An empty list is ambiguous: say when the book itself does not exist.
      if (chapters.length === 0 && !(await bookExists(db, request.params.bookId))) throw notFound('Book')
      return chapters.map(withIsoDates)
    },
  )

  app.get(
    '/api/chapters/:id',
    { config: { access: 'public', cost: 'fixed' }, schema: { params: IdParams, response: { 200: Chapter } } },
    async (request) => {
      const chapter = await findChapter(db, request.params.id)
      if (!chapter) throw notFound('Chapter')
      return withIsoDates(chapter)
    },
  )

  app.post(
    '/api/chapters',
    { config: { access: 'admin' }, schema: { body: ChapterInput, response: { 201: Chapter } } },
    async (request, reply) => {
      const chapter = await createChapter(db, request.user!, request.body)
      return reply.status(201).send(withIsoDates(chapter))
    },
  )

  app.put(
    '/api/chapters/:id',
    { config: { access: 'admin' }, schema: { params: IdParams, body: ChapterInput, response: { 200: Chapter } } },
    async (request) => {
      return withIsoDates(await changeChapter(db, request.user!, request.params.id, request.body))
    },
  )

  app.delete(
    '/api/chapters/:id',
    { config: { access: 'admin' }, schema: { params: IdParams } },
    async (request, reply) => {
      await removeChapter(db, request.user!, request.params.id)
      return reply.status(204).send()
    },
  )
}
