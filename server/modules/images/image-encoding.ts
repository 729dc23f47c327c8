// An uploaded picture made fit for pages: its kind read from the bytes (never from the name), its
// pixels counted before anything is decoded (decompression bombs), then turned upright, fitted
// inside IMAGE_MAX_SIDE_PX, stripped of metadata (sharp keeps none unless asked) and re-encoded:
// JPEG for opaque pictures, WebP for those with transparency. A GIF keeps its first frame.
import sharp from 'sharp'
import { IMAGE_JPEG_QUALITY, IMAGE_MAX_INPUT_PIXELS, IMAGE_MAX_SIDE_PX, IMAGE_WEBP_QUALITY } from '#shared/limits.ts'
import { AppError, badRequest } from '../../http/errors.ts'

// Uploads are rare and each picture is new: libvips's operation cache would only hold memory.
sharp.cache(false)

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif'

export const NOT_A_PICTURE = 'Only JPEG, PNG, WebP and GIF pictures can be uploaded: this file is none of them'
export const UNREADABLE_PICTURE = 'The picture could not be read: the file is damaged or incomplete'

/** The picture format the file's first bytes announce, or null. */
export function detectImageKind(bytes: Uint8Array): ImageKind | null {
  const starts = (signature: readonly number[], at = 0) => signature.every((byte, i) => bytes[at + i] === byte)
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg'
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'gif'
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp'
  return null
}

export interface EncodedImage {
  bytes: Buffer
  type: 'image/jpeg' | 'image/webp'
  width: number
  height: number
}

export async function encodeImage(input: Buffer, kind: ImageKind): Promise<EncodedImage> {
  const metadata = await readMetadata(input)
  // The header says one thing, the decoder another: not a picture we can trust.
  if (metadata.format !== kind) throw badRequest(UNREADABLE_PICTURE)
  const pixels = metadata.width * metadata.height
  if (pixels > IMAGE_MAX_INPUT_PIXELS) {
    throw new AppError(
      413,
      'too_large',
      `The picture has too many pixels (${metadata.width}×${metadata.height}); at most ` +
        `${IMAGE_MAX_INPUT_PIXELS / 1_000_000} megapixels can be uploaded`,
    )
  }
  const pipeline = sharp(input, { limitInputPixels: IMAGE_MAX_INPUT_PIXELS, animated: false, failOn: 'error' })
    .rotate()
    .resize({ width: IMAGE_MAX_SIDE_PX, height: IMAGE_MAX_SIDE_PX, fit: 'inside', withoutEnlargement: true })
  const encoded = metadata.hasAlpha
    ? pipeline.webp({ quality: IMAGE_WEBP_QUALITY })
    : pipeline.jpeg({ quality: IMAGE_JPEG_QUALITY, progressive: true })
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true })
    return {
      bytes: data,
      type: metadata.hasAlpha ? 'image/webp' : 'image/jpeg',
      width: info.width,
      height: info.height,
    }
  } catch {
    throw badRequest(UNREADABLE_PICTURE)
  }
}

async function readMetadata(input: Buffer) {
  try {
    // The header only: nothing is decoded yet, so any pixel count can be read safely.
    const metadata = await sharp(input, { limitInputPixels: false, animated: false }).metadata()
    if (!metadata.width || !metadata.height || !metadata.format) throw new Error('no size')
    return { ...metadata, width: metadata.width, height: metadata.height }
  } catch {
    throw badRequest(UNREADABLE_PICTURE)
  }
}
