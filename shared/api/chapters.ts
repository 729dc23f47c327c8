// The chapters contract: a chapter (with its book on the answers that include it) and what a form sends.
import { z } from 'zod'
import { Id, Order, Timestamp } from './common.ts'

export const ChapterInput = z.object({
  title: z.string().trim().min(1, 'Title is required').max(500, 'Title is too long'),
  description: z.string().max(20_000, 'Description is too long').nullish(),
  bookId: z.coerce.number().int('Please select a book').positive('Please select a book').max(2_147_483_647),
  order: Order,
})
export type ChapterInput = z.input<typeof ChapterInput>
export type ChapterValues = z.output<typeof ChapterInput>

export const Chapter = z.object({
  id: Id,
  bookId: Id,
  title: z.string(),
  description: z.string().nullable(),
  order: z.number().int(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** Present on GET /api/chapters/{id} and GET /api/chapters. */
  book: z.object({ id: Id, title: z.string() }).optional(),
})
export type Chapter = z.infer<typeof Chapter>

export const BookIdParams = z.object({
  bookId: z
    .string()
    .regex(/^[0-9]{1,10}$/, 'must be a positive integer')
    .transform(Number)
    .pipe(Id),
})
