// POST /api/feedback (anyone), GET /api/admin/feedback and PATCH /api/admin/feedback/{id} (administrators).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { IdParams, PageQuery } from '#shared/api/common.ts'
import { Feedback, FeedbackHandledInput, FeedbackInput, FeedbackPage } from '#shared/api/feedback.ts'
import type { Db } from '../../db/client.ts'
import { AppError, notFound } from '../../http/errors.ts'
import { pageOf, pageResult } from '../../lib/paging.ts'
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts'
import { withIsoDates } from '../../lib/timestamps.ts'
import { recordAudit } from '../audit/audit.service.ts'
import { insertFeedback, pageFeedback, setHandled } from './feedback.repo.ts'

// 10,000 characters of feedback, up to 4 bytes each, plus name and email, fit in 64 KB.
const FEEDBACK_BODY_LIMIT = 64 * 1024
const FEEDBACK_PAGE_SIZE = 20
/** Per client address: a person writes a few messages; a script is stopped after these. */
export const FEEDBACK_PER_ADDRESS = { max: 20, timeWindow: 60 * 60 * 1000 }
/** Unhandled feedback kept at most; beyond it new feedback waits until an administrator reads some. */
export const FEEDBACK_MAX_UNREAD = 5000

export const feedbackRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/api/feedback',
    {
      config: { access: 'public', cost: 'fixed', rateLimit: FEEDBACK_PER_ADDRESS },
      bodyLimit: FEEDBACK_BODY_LIMIT,
      schema: { body: FeedbackInput, response: { 201: Feedback } },
    },
    async (request, reply) => {
      const { name, email, feedback, contentId, passage, blockId } = request.body
      const values = {
        name: name || null,
        email: email || null,
        feedback,
        contentId: contentId ?? null,
        passage: passage || null,
        blockId: blockId ?? null,
      }
      // an administrator reads unpublished pages too, so may send feedback about them
      const anyPage = !!request.user
      let item
      try {
        item = await insertFeedback(db, values, { maxUnread: FEEDBACK_MAX_UNREAD, anyPage })
      } catch (error) {
        // the page was deleted between the look-up and the insert: keep the words without the page
        if (pgErrorCode(error) !== FOREIGN_KEY_VIOLATION) throw error
        item = await insertFeedback(db, { ...values, contentId: null }, { maxUnread: FEEDBACK_MAX_UNREAD, anyPage })
      }
      if (!item) throw new AppError(503, 'busy', 'The feedback inbox is full. Please try again later.')
      return reply.status(201).send(withIsoDates(item))
    },
  )

  app.get(
    '/api/admin/feedback',
    { config: { access: 'admin' }, schema: { querystring: PageQuery, response: { 200: FeedbackPage } } },
    async (request) => {
      const page = pageOf(request.query, FEEDBACK_PAGE_SIZE)
      const { rows, total } = await pageFeedback(db, page)
      return pageResult(rows.map(withIsoDates), total, page)
    },
  )

  app.patch(
    '/api/admin/feedback/:id',
    {
      config: { access: 'admin' },
      schema: { params: IdParams, body: FeedbackHandledInput, response: { 200: Feedback } },
    },
    async (request) => {
      const item = await db.transaction(async (tx) => {
        const updated = await setHandled(tx, request.params.id, request.body.handled)
        if (!updated) throw notFound('Feedback')
        await recordAudit(tx, request.user!, 'update', 'feedback', updated.id, { handled: updated.handled })
        return updated
      })
      return withIsoDates(item)
    },
  )
}
