// Pictures as the API answers them: their versioned address (the `v` is the first 16 hex digits of
// the file's hash, so a changed file gets a new address) and their dates as ISO strings.
import type { Image } from '#shared/api/images.ts'
import { imagePath } from '#shared/text/image-address.ts'
import type { ImageSummaryRow } from './images.repo.ts'

/** The `v` of a picture's address: the first 16 hex digits of its hash. */
export const imageVersion = (hash: string) => hash.slice(0, 16)

export function toImage(row: ImageSummaryRow): Image {
  return {
    id: row.id,
    url: imagePath(row.id, imageVersion(row.hash)),
    type: row.type,
    width: row.width,
    height: row.height,
    sizeBytes: row.sizeBytes,
    alt: row.alt,
    fileName: row.fileName,
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
  }
}
