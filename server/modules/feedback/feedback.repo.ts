// SQL for visitors' feedback.
import { count, desc, eq } from 'drizzle-orm'
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

export async function insertFeedback(
  db: DbOrTx,
  values: { name: string | null; email: string | null; feedback: string },
) {
  const [item] = await db.insert(feedback).values(values).returning(listed)
  return item!
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
