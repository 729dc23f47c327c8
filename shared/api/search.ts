// The search contract: what GET /api/search takes and answers.
import { z } from 'zod'
import { SEARCH_MAX_PAGE, SEARCH_MAX_PAGE_SIZE } from '../limits.ts'
import { Pagination } from './common.ts'

const commaIds = z
  .string()
  .max(1000)
  .regex(/^\d{1,10}(,\d{1,10})*$/, 'books must be comma-separated ids')
  .transform((text) => text.split(',').map(Number))
  .refine((ids) => ids.every((id) => id >= 1 && id <= 2_147_483_647), 'books must be positive ids')

/** A whole number from 1 to `max`, written in digits only: `0`, `-1`, `1.5`, `1e3`, `abc` and `` are 400. */
const positiveDigits = (name: string, max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,10}$/, `${name} must be a positive whole number`)
    .transform(Number)
    .pipe(z.number().int().min(1, `${name} must be at least 1`).max(max, `${name} must be at most ${max}`))

export const SearchQueryParams = z.object({
  q: z.string().max(500).default(''),
  /** Which page of the ranked results, from 1; a page past the last answers no results (with the total). */
  page: positiveDigits('page', SEARCH_MAX_PAGE).optional(),
  /** Results per page; without it, SEARCH_PAGE_SIZE (what the dialog shows). */
  limit: positiveDigits('limit', SEARCH_MAX_PAGE_SIZE).optional(),
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

/**
 * One page of the ranked results and where it stands among all of them (`pagination.total`: every
 * result there is, not only this page's). Clients that know only `results` keep working.
 */
export const SearchAnswer = z.object({ results: z.array(SearchResult), pagination: Pagination })
export type SearchAnswer = z.infer<typeof SearchAnswer>
