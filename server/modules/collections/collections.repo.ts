// SQL for the canon's collections (decision 056).
import { asc, eq, sql } from 'drizzle-orm'
import type { CollectionValues } from '#shared/api/collections.ts'
import type { DbOrTx } from '../../db/client.ts'
import { collections } from '../../db/schema.ts'

export type CollectionRow = typeof collections.$inferSelect

/** Every collection in the canon's order. */
export function listCollections(db: DbOrTx): Promise<CollectionRow[]> {
  return db.select().from(collections).orderBy(asc(collections.position), asc(collections.abbreviation))
}

export async function findCollection(db: DbOrTx, id: number): Promise<CollectionRow | undefined> {
  const [row] = await db.select().from(collections).where(eq(collections.id, id))
  return row
}

export async function insertCollection(db: DbOrTx, values: CollectionValues): Promise<CollectionRow> {
  const [row] = await db.insert(collections).values(values).returning()
  return row!
}

export async function updateCollection(
  db: DbOrTx,
  id: number,
  values: CollectionValues,
): Promise<CollectionRow | undefined> {
  const [row] = await db.update(collections).set(values).where(eq(collections.id, id)).returning()
  return row
}

export async function deleteCollection(db: DbOrTx, id: number): Promise<CollectionRow | undefined> {
  const [row] = await db.delete(collections).where(eq(collections.id, id)).returning()
  return row
}

/** Whether a collection has books of its own. */
export async function hasChildren(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: collections.id }).from(collections).where(eq(collections.parentId, id)).limit(1)
  return row !== undefined
}

/**
 * What changes whenever the table does: how many rows, the sum of their ids and the latest change.
 * A write sets updated_at to its transaction's time, later than every earlier one, so an insert or
 * update moves the latest change and a delete the count. One aggregate over a few dozen rows.
 */
export async function collectionsVersion(db: DbOrTx): Promise<string> {
  const result = await db.execute<{ version: string }>(sql`
    SELECT count(*) || ':' || coalesce(sum(id), 0) || ':' || coalesce(max(updated_at)::text, '') AS version
    FROM collections`)
  return String(result.rows[0]!.version)
}
