// Pages as the API answers them: a page (Content) made from its row, checked against the schema, and
// sent in pieces when its bodies are long (the pages' routes and a restored revision answer this
// way), and a chapter's list of pages.
import type { FastifyReply } from 'fastify'
import { Content } from '#shared/api/content.ts'
import { jsonStream } from '../../../http/json-pieces.ts'
import type { readPage } from './pages.service.ts'

type PageRow = Awaited<ReturnType<typeof readPage>>

/** Answers whose two bodies are longer than this go out in pieces (see sendContent). */
const STREAMED_CONTENT_CHARS = 256 * 1024

/**
 * A Content answer, checked against its schema; one that carries long bodies (the 9 MB page's
 * answer is 18 MB of JSON) is sent as a stream escaped a slice at a time (http/json-pieces.ts), so
 * readers are not held up while it is written. The text is the same either way.
 */
export function sendContent(reply: FastifyReply, status: 200 | 201, page: Content) {
  const checked = Content.parse(page)
  if (checked.content.length + checked.processedContent.length < STREAMED_CONTENT_CHARS) {
    return reply.status(status).send(checked)
  }
  return reply.status(status).type('application/json; charset=utf-8').send(jsonStream(checked))
}

/** `forAdmin`: visitors never see who edited a page. */
export function toContent(row: PageRow, { forAdmin }: { forAdmin: boolean }): Content {
  return {
    id: row.id,
    chapterId: row.chapterId,
    title: row.title,
    content: row.content,
    processedContent: row.processedContent,
    linksContent: row.linksContent,
    headers: JSON.parse(row.headers),
    citations: row.citations,
    published: row.published,
    order: row.order,
    version: row.version,
    buildId: row.buildId,
    sizeBytes: row.sizeBytes,
    updatedBy: forAdmin ? row.updatedBy : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    chapter: { id: row.chapterId, title: row.chapterTitle, bookId: row.bookId, bookTitle: row.bookTitle },
  }
}

/** A chapter's pages for GET /api/chapters/{id}/content: each page's id and title, in their order. */
export function toChapterContentItems(pages: readonly { id: number; title: string }[]) {
  return { items: pages.map(({ id, title }) => ({ id, title })) }
}
