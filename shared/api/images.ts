// The images contract: pictures uploaded for pages, their library and their own addresses.
import { z } from 'zod'
import { IMAGE_ALT_MAX_CHARS } from '../limits.ts'
import { Id, Timestamp } from './common.ts'

/** A page whose current text shows the picture. */
export const ImageUse = z.object({ id: Id, title: z.string(), chapterId: Id, published: z.boolean() })
export type ImageUse = z.infer<typeof ImageUse>

export const Image = z.object({
  id: Id,
  /** The picture's own address (immutable: a new picture gets a new id). */
  url: z.string(),
  /** image/jpeg or image/webp */
  type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  sizeBytes: z.number().int(),
  alt: z.string(),
  fileName: z.string(),
  createdBy: z.string().nullable(),
  createdAt: Timestamp,
})
export type Image = z.infer<typeof Image>

/** POST /api/images: the stored picture; `existing` when the same file had been uploaded before. */
export const ImageUploadResult = Image.extend({ existing: z.boolean() })
export type ImageUploadResult = z.infer<typeof ImageUploadResult>

/** GET /api/images: every picture, newest first, with the pages that use it. */
export const ImageWithUses = Image.extend({ usedBy: z.array(ImageUse) })
export type ImageWithUses = z.infer<typeof ImageWithUses>
export const ImageList = z.array(ImageWithUses)
export type ImageList = z.infer<typeof ImageList>

export const ImageAltInput = z.object({
  alt: z.string().trim().max(IMAGE_ALT_MAX_CHARS, `Alt text is too long (at most ${IMAGE_ALT_MAX_CHARS} characters)`),
})
export type ImageAltInput = z.input<typeof ImageAltInput>

/** `?v=` of a picture's address. */
export const ImageQuery = z.object({ v: z.string().max(64).optional() })
