// Pictures for pages: upload (one stored copy per file), the library with where each is used,
// alt text, and deleting one no page uses. Each change and its audit row in one transaction.
import { createHash } from 'node:crypto'
import type { CurrentUser } from '#shared/api/auth.ts'
import type { Image, ImageUploadResult, ImageWithUses } from '#shared/api/images.ts'
import type { Db } from '../../db/client.ts'
import { AppError, conflict, notFound } from '../../http/errors.ts'
import { recordAudit } from '../audit/audit.service.ts'
import { detectImageKind, encodeImage, NOT_A_PICTURE } from './image-encoding.ts'
import {
  deleteImage,
  findImage,
  findImageByHash,
  findImageBytes,
  findImageUses,
  insertImage,
  listImages,
  updateImageAlt,
  type ImageUseRow,
} from './images.repo.ts'
import { imageVersion, toImage } from './images.presenter.ts'

/** File names are shown, never used as paths: only their last part, bounded. */
function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  return (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 200)
}

export async function uploadImage(
  db: Db,
  user: CurrentUser,
  file: Buffer,
  fileName: string,
): Promise<ImageUploadResult> {
  const kind = detectImageKind(file)
  if (!kind) throw new AppError(415, 'unsupported_media_type', NOT_A_PICTURE)
  const hash = createHash('sha256').update(file).digest('hex')
  const known = await findImageByHash(db, hash)
  if (known) return { ...toImage(known), existing: true }
  // Decoding and encoding happen outside any transaction (on PGlite one would block everybody).
  const encoded = await encodeImage(file, kind)
  const name = cleanFileName(fileName)
  const id = await db.transaction(async (tx) => {
    const inserted = await insertImage(tx, {
      hash,
      type: encoded.type,
      width: encoded.width,
      height: encoded.height,
      sizeBytes: encoded.bytes.length,
      bytes: encoded.bytes,
      fileName: name,
      createdBy: user.id,
    })
    if (inserted) await recordAudit(tx, user, 'create', 'image', inserted.id, { fileName: name })
    return inserted?.id
  })
  // Undefined: the same file was stored by a concurrent upload a moment ago.
  const row = id === undefined ? await findImageByHash(db, hash) : await findImage(db, id)
  if (!row) throw new AppError(500, 'internal', 'The stored picture could not be read back')
  return { ...toImage(row), existing: id === undefined }
}

export async function imageLibrary(db: Db): Promise<ImageWithUses[]> {
  const [rows, uses] = await Promise.all([listImages(db), findImageUses(db)])
  const byImage = new Map<number, ImageUseRow[]>()
  for (const use of uses) byImage.set(use.imageId, [...(byImage.get(use.imageId) ?? []), use])
  return rows.map((row) => ({
    ...toImage(row),
    usedBy: (byImage.get(row.id) ?? []).map(({ imageId: _imageId, ...page }) => page),
  }))
}

export async function changeImageAlt(db: Db, user: CurrentUser, id: number, alt: string): Promise<Image> {
  await db.transaction(async (tx) => {
    const changed = await updateImageAlt(tx, id, alt)
    if (!changed) throw notFound('Image')
    await recordAudit(tx, user, 'update', 'image', id, { alt })
  })
  const row = await findImage(db, id)
  if (!row) throw notFound('Image')
  return toImage(row)
}

/**
 * Refused (409, naming the pages) while a page's current text shows the picture. The pages are
 * read before the short delete transaction: reading every page's text inside it would block
 * everyone on PGlite, and a save can add a use at any moment anyway (the picture then answers 404).
 */
export async function removeImage(db: Db, user: CurrentUser, id: number): Promise<void> {
  const uses = await findImageUses(db, [id])
  if (uses.length > 0) {
    const titles = uses.map((page) => `“${page.title}”`).join(', ')
    throw conflict(`The picture is used on ${uses.length === 1 ? 'a page' : `${uses.length} pages`}: ${titles}`, {
      pages: uses.map(({ imageId: _imageId, ...page }) => page),
    })
  }
  await db.transaction(async (tx) => {
    const deleted = await deleteImage(tx, id)
    if (!deleted) throw notFound('Image')
    await recordAudit(tx, user, 'delete', 'image', id, { fileName: deleted.fileName })
  })
}

/**
 * Removes those of the pictures `ids` no page's current text shows (one pass over the pages for all
 * of them), the others staying; answers the ids removed. For pictures nobody chose to remove one by
 * one: a Word import's preview that was not taken.
 */
export async function removeImagesNotShown(db: Db, user: CurrentUser, ids: readonly number[]): Promise<number[]> {
  const shown = new Set((await findImageUses(db, ids)).map((use) => use.imageId))
  const free = ids.filter((id) => !shown.has(id))
  if (free.length === 0) return []
  return db.transaction(async (tx) => {
    const removed: number[] = []
    for (const id of free) {
      const deleted = await deleteImage(tx, id)
      if (!deleted) continue
      await recordAudit(tx, user, 'delete', 'image', id, { fileName: deleted.fileName })
      removed.push(id)
    }
    return removed
  })
}

export async function servedImage(db: Db, id: number) {
  const row = await findImageBytes(db, id)
  return row ? { type: row.type, bytes: row.bytes, version: imageVersion(row.hash) } : undefined
}
