// The books contract: a book, what a form sends, and the reader's list.
import { z } from 'zod'
import { Id, Order, Timestamp } from './common.ts'

/**
 * Cover images are data strings of a JPEG, PNG or WebP picture (the browser makes a JPEG); the
 * groups are the media type and the base64 bytes.
 */
export const COVER_IMAGE_PATTERN = /^data:(image\/(?:jpeg|png|webp));base64,([A-Za-z0-9+/]+={0,2})$/
/** About 10 MB of picture as base64, with room to spare. */
const COVER_IMAGE_MAX_CHARS = 14_000_000

const CoverImage = z
  .string()
  .max(COVER_IMAGE_MAX_CHARS, 'Cover image is too large (at most 10MB)')
  .refine(
    (value) => value === '' || COVER_IMAGE_PATTERN.test(value),
    'Cover image must be a JPEG, PNG or WebP image data string',
  )

export const BookInput = z.object({
  title: z.string().trim().min(1, 'Title is required').max(500, 'Title is too long'),
  description: z.string().max(20_000, 'Description is too long').nullish(),
  order: Order,
  /** Empty string or null: no cover. */
  coverImage: CoverImage.nullish(),
})
export type BookInput = z.input<typeof BookInput>
export type BookValues = z.output<typeof BookInput>

export const Book = z.object({
  id: Id,
  title: z.string(),
  description: z.string().nullable(),
  order: z.number().int(),
  coverImage: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type Book = z.infer<typeof Book>

export const ChapterSummary = z.object({ id: Id, title: z.string(), contentCount: z.number().int() })
export type ChapterSummary = z.infer<typeof ChapterSummary>

/** Where a book's cover is served: its own address, named by a short hash of the picture (CoverVersion). */
export function coverPath(bookId: number, version: string) {
  return `/api/books/${bookId}/cover?v=${version}`
}

/** `?v=` of a cover address: the first 16 hex digits of the MD5 of the stored data string. */
export const CoverQuery = z.object({ v: z.string().max(64).optional() })

/**
 * GET /api/books: each book with its chapters in order; contentCount counts published pages for
 * visitors. The list carries no picture: `coverImage`, the spec's field, is here the cover's own
 * cacheable address (`/api/books/{id}/cover?v=…`, or null when the book has none), and `coverUrl`
 * the same address under the name it had before; the data string itself comes only with one book
 * (GET /api/books/{id}) and the answers to POST and PUT, which also take it (decision 047).
 */
export const BookWithChapters = Book.extend({
  coverImage: z.string().nullable(),
  coverUrl: z.string().nullable(),
  chapters: z.array(ChapterSummary),
})
export type BookWithChapters = z.infer<typeof BookWithChapters>
