// SQL for visitors' feedback.
import { count, desc, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { feedback } from '../../db/schema.ts'
import type { Page } from '../../lib/paging.ts'

const listed = {
  id: feedback.id,
  name: feedback.name,
  email: feedback.email,
  feedback: feedback.feedback,
  handled: feedback.handled,
  createdAt: feedback.createdAt,
  contentId: feedback.contentId,
  pageTitle: feedback.pageTitle,
  passage: feedback.passage,
  blockId: feedback.blockId,
}

export interface NewFeedback {
  name: string | null
  email: string | null
  feedback: string
  /** The page it was sent from; kept only if that page exists and is published (or `anyPage`). */
  contentId: number | null
  passage: string | null
  blockId: string | null
}

/**
 * Stores the feedback unless `maxUnread` unhandled items are already waiting (undefined then): the
 * count and the insert are one statement, so a script cannot fill the disk. The page's title is
 * taken from the page itself; a page that is not there (or not published, unless `anyPage`) leaves
 * the feedback without a page and without a block id (the passage is kept: it is the reader's quote).
 */
export async function insertFeedback(
  db: DbOrTx,
  values: NewFeedback,
  { maxUnread, anyPage }: { maxUnread: number; anyPage: boolean },
) {
  const result = await db.execute<{
    id: number
    name: string | null
    email: string | null
    feedback: string
    handled: boolean
    created_at: Date
    content_id: number | null
    page_title: string | null
    passage: string | null
    block_id: string | null
  }>(sql`
    INSERT INTO feedback (name, email, feedback, content_id, page_title, passage, block_id)
    SELECT ${values.name}, ${values.email}, ${values.feedback}, page.id, page.title, ${values.passage},
      CASE WHEN page.id IS NULL THEN NULL ELSE ${values.blockId}::text END
    FROM (SELECT ${values.contentId}::integer AS id) AS wanted
    LEFT JOIN content AS page ON page.id = wanted.id AND (page.published OR ${anyPage})
    WHERE (SELECT count(*) FROM feedback WHERE NOT handled) < ${maxUnread}
    RETURNING id, name, email, feedback, handled, created_at, content_id, page_title, passage, block_id`)
  const row = result.rows[0]
  if (!row) return undefined
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    feedback: row.feedback,
    handled: row.handled,
    createdAt: new Date(row.created_at),
    contentId: row.content_id,
    pageTitle: row.page_title,
    passage: row.passage,
    blockId: row.block_id,
  }
}

export async function pageFeedback(db: DbOrTx, page: Page) {
  const rows = await db
    .select(listed)
    .from(feedback)
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(page.limit)
    .offset(page.offset)
  const [total] = await db.select({ n: count() }).from(feedback)
  return { rows, total: total?.n ?? 0 }
}

export async function setHandled(db: DbOrTx, id: number, handled: boolean) {
  const [item] = await db
    .update(feedback)
    .set({ handled, handledAt: handled ? new Date() : null })
    .where(eq(feedback.id, id))
    .returning(listed)
  return item
}
