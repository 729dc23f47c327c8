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
}

/**
 * Stores the feedback unless `maxUnread` unhandled items are already waiting (undefined then): the
 * count and the insert are one statement, so a script cannot fill the disk.
 */
export async function insertFeedback(
  db: DbOrTx,
  values: { name: string | null; email: string | null; feedback: string },
  maxUnread: number,
) {
  const result = await db.execute<{
    id: number
    name: string | null
    email: string | null
    feedback: string
    handled: boolean
    created_at: Date
  }>(sql`
    INSERT INTO feedback (name, email, feedback)
    SELECT ${values.name}, ${values.email}, ${values.feedback}
    WHERE (SELECT count(*) FROM feedback WHERE NOT handled) < ${maxUnread}
    RETURNING id, name, email, feedback, handled, created_at`)
  const row = result.rows[0]
  if (!row) return undefined
  const { created_at: createdAt, ...rest } = row
  return { ...rest, createdAt: new Date(createdAt) }
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
