// A chosen cover picture becomes a small JPEG data string in the browser:
// refused at 10MB or more, scaled to fit within 800x800, JPEG quality 0.7.
import { COVER_IMAGE_JPEG_QUALITY, COVER_IMAGE_MAX_BYTES, COVER_IMAGE_MAX_SIDE_PX } from '#shared/limits.ts'
import { adminTexts } from '#client/texts/admin.ts'

export class CoverImageError extends Error {
  override name = 'CoverImageError'
}

/** The size that keeps the proportions and fits within max x max; never enlarged. */
export function fitWithin(width: number, height: number, max: number): { width: number; height: number } {
  const scale = Math.min(1, max / width, max / height)
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

export async function coverImageFromFile(file: File): Promise<string> {
  if (file.size >= COVER_IMAGE_MAX_BYTES) throw new CoverImageError(adminTexts.books.coverTooLarge)
  try {
    const picture = await createImageBitmap(file)
    const size = fitWithin(picture.width, picture.height, COVER_IMAGE_MAX_SIDE_PX)
    const canvas = document.createElement('canvas')
    canvas.width = size.width
    canvas.height = size.height
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2d canvas')
    // JPEG has no transparency: paint transparent parts white rather than black.
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, size.width, size.height)
    context.drawImage(picture, 0, 0, size.width, size.height)
    picture.close()
    const dataUrl = canvas.toDataURL('image/jpeg', COVER_IMAGE_JPEG_QUALITY)
    if (!dataUrl.startsWith('data:image/jpeg')) throw new Error('JPEG encoding unavailable')
    return dataUrl
  } catch {
    throw new CoverImageError(adminTexts.books.coverFailed)
  }
}
