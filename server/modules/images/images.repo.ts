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
 * for the pictures `imageIds` or all: one pass over the pages that mention /api/images/ at all.
 */
export async function findImageUses(db: DbOrTx, imageIds?: readonly number[]): Promise<ImageUseRow[]> {
  if (imageIds?.length === 0) return []
  const needle = imageIds?.length === 1 ? `/api/images/${imageIds[0]}?` : '/api/images/'
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
      ${imageIds === undefined ? sql`` : sql`and used.image_id = any(${intArray(imageIds)}::int[])`}
    order by c.title, c.id`)
  return result.rows.map((row) => ({
    imageId: Number(row.image_id),
    id: Number(row.id),
    title: row.title,
    chapterId: Number(row.chapter_id),
    published: row.published,
  }))
}

/** Each page's state as far as its pictures go: whether it is published and which text it has. */
export interface PageTextState {
  id: number
  published: boolean
  /** Version and build: a page's text (main and links section) changes only with one of them. */
  version: number
  buildId: number | null
}

/** Every page's state, without reading any text (decision 045). */
export async function listPageTextStates(db: DbOrTx): Promise<PageTextState[]> {
  const result = await db.execute<{ id: number; published: boolean; version: number; build_id: number | null }>(
    sql`select id, published, version, build_id from content`,
  )
  return result.rows.map((row) => ({
    id: Number(row.id),
    published: row.published,
    version: Number(row.version),
    buildId: row.build_id === null ? null : Number(row.build_id),
  }))
}

/**
 * The ids of the pictures each of these pages' current text (main HTML or links section) points at
 * with an own address (shared/text/image-address.ts), with the state that text belongs to. The text
 * is cut at each `/api/images/` and only the few characters after it are matched, so a page costs
 * about one pass of a string search.
 */
export async function findPagesImageIds(
  db: DbOrTx,
  pageIds: readonly number[],
): Promise<(PageTextState & { imageIds: number[] })[]> {
  if (pageIds.length === 0) return []
  const result = await db.execute<{
    id: number
    published: boolean
    version: number
    build_id: number | null
    image_ids: number[] | string
  }>(sql`
    select c.id, c.published, c.version, c.build_id,
      array(
        select distinct (substring(left(piece, 10) from '^([1-9][0-9]{0,8})\\?'))::int
        from (
          select piece from string_to_table(c.content, '/api/images/') with ordinality as t(piece, n) where n > 1
          union all
          select piece from string_to_table(coalesce(c.links_content, ''), '/api/images/') with ordinality as t(piece, n)
          where n > 1
        ) pieces
        where substring(left(piece, 10) from '^([1-9][0-9]{0,8})\\?') is not null
      ) as image_ids
    from content c
    where c.id = any(${intArray(pageIds)}::int[])`)
  return result.rows.map((row) => ({
    id: Number(row.id),
    published: row.published,
    version: Number(row.version),
    buildId: row.build_id === null ? null : Number(row.build_id),
    imageIds: parseIntArray(row.image_ids),
  }))
}

/** The hashes of these pictures (those that exist). */
export async function findImageHashes(db: DbOrTx, ids: readonly number[]): Promise<{ id: number; hash: string }[]> {
  if (ids.length === 0) return []
  const result = await db.execute<{ id: number; hash: string }>(
    sql`select id, hash from ${images} where id = any(${intArray(ids)}::int[])`,
  )
  return result.rows.map((row) => ({ id: Number(row.id), hash: row.hash }))
}

/** Integers as one parameter (an array literal), however many there are. */
const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`

/** An int[] as the driver hands it over: an array (pg, PGlite) or its text form. */
function parseIntArray(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number)
  const inner = value.replace(/^\{|\}$/g, '')
  return inner === '' ? [] : inner.split(',').map(Number)
}
