// The search contract: what GET /api/search takes and answers.
import { z } from 'zod'

const commaIds = z
  .string()
  .max(1000)
  .regex(/^\d{1,10}(,\d{1,10})*$/, 'books must be comma-separated ids')
  .transform((text) => text.split(',').map(Number))
  .refine((ids) => ids.every((id) => id >= 1 && id <= 2_147_483_647), 'books must be positive ids')

export const SearchQueryParams = z.object({
  q: z.string().max(500).default(''),
  books: commaIds.optional(),
  includeLexicon: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
})

/** A piece of the preview: `match` pieces are the words that matched. Plain text, safe to render. */
export const SnippetPart = z.object({ text: z.string(), match: z.boolean() })

export const SearchResult = z.object({
  type: z.enum(['term', 'content']),
  id: z.number().int(),
  term: z.string().optional(),
  title: z.string().optional(),
  bookTitle: z.string().nullable(),
  chapterTitle: z.string().nullable(),
  preview: z.string(),
  snippet: z.array(SnippetPart),
  /** Content results: the id of the element the matching passage starts at. */
  anchor: z.string().nullable(),
  heading: z.string().nullable(),
})
export type SearchResult = z.infer<typeof SearchResult>

export const SearchAnswer = z.object({ results: z.array(SearchResult) })
export type SearchAnswer = z.infer<typeof SearchAnswer>
