// SQL for pictures: stored once by hash, listed without their bytes, and found in pages' current text.
import { desc, eq, getTableColumns, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client.ts'
import { images, users } from '../../db/schema.ts'

export type ImageRow = typeof images.$inferSelect
export type NewImage = Omit<typeof images.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>

const { bytes: _bytes, ...listColumns } = getTableColumns(images)
/** Every column but the bytes, with the uploader's name. */
const described = { ...listColumns, createdByName: users.username }

export type ImageSummaryRow = Omit<ImageRow, 'bytes'> & { createdByName: string | null }

export async function findImage(db: DbOrTx, id: number): Promise<ImageSummaryRow | undefined> {
  const [row] = await db
    .select(described)
    .from(images)
    .leftJoin(users, eq(users.id, images.createdBy))
    .where(eq(images.id, id))
  return row
}

export async function findImageByHash(db: DbOrTx, hash: string): Promise<ImageSummaryRow | undefined> {
  const [row] = await db
    .select(described)
    .from(images)
    .leftJoin(users, eq(users.id, images.createdBy))
    .where(eq(images.hash, hash))
  return row
}

/** The picture's bytes, media type and hash; undefined when there is no such picture. */
export async function findImageBytes(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ type: images.type, bytes: images.bytes, hash: images.hash })
    .from(images)
    .where(eq(images.id, id))
  return row
}

/** Inserts a picture unless one with the same hash exists (then undefined: a concurrent upload won). */
export async function insertImage(db: DbOrTx, values: NewImage): Promise<{ id: number } | undefined> {
  const [row] = await db
    .insert(images)
    .values(values)
    .onConflictDoNothing({ target: images.hash })
    .returning({ id: images.id })
  return row
}

export async function listImages(db: DbOrTx): Promise<ImageSummaryRow[]> {
  return db
    .select(described)
    .from(images)
    .leftJoin(users, eq(users.id, images.createdBy))
    .orderBy(desc(images.createdAt), desc(images.id))
}

export async function updateImageAlt(db: DbOrTx, id: number, alt: string): Promise<{ id: number } | undefined> {
  const [row] = await db.update(images).set({ alt }).where(eq(images.id, id)).returning({ id: images.id })
  return row
}

export async function deleteImage(db: DbOrTx, id: number): Promise<{ id: number; fileName: string } | undefined> {
  const [row] = await db.delete(images).where(eq(images.id, id)).returning({ id: images.id, fileName: images.fileName })
  return row
}

export interface ImageUseRow {
  imageId: number
  id: number
  title: string
  chapterId: number
  published: boolean
}

/**
 * The pages whose current text (main HTML or links section) points at a picture's own address,
 * for one picture or all: one pass over the pages that mention /api/images/ at all.
 */
export async function findImageUses(db: DbOrTx, imageId?: number): Promise<ImageUseRow[]> {
  const needle = imageId === undefined ? '/api/images/' : `/api/images/${imageId}?`
  const result = await db.execute<{
    image_id: number
    id: number
    title: string
    chapter_id: number
    published: boolean
  }>(sql`
    select distinct used.image_id, c.id, c.title, c.chapter_id, c.published
    from content c
    cross join lateral (
      select (m[1])::int as image_id
      from regexp_matches(c.content || coalesce(c.links_content, ''), '/api/images/([0-9]{1,9})\\?', 'g') as m
    ) used
    where (strpos(c.content, ${needle}) > 0 or strpos(coalesce(c.links_content, ''), ${needle}) > 0)
      ${imageId === undefined ? sql`` : sql`and used.image_id = ${imageId}`}
    order by c.title, c.id`)
  return result.rows.map((row) => ({
    imageId: Number(row.image_id),
    id: Number(row.id),
    title: row.title,
    chapterId: Number(row.chapter_id),
    published: row.published,
  }))
}
