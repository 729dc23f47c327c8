// The lexicon contract: terms, paged lists, letters and the CSV import.
import { z } from 'zod'
import { Id, PageQuery, Timestamp, paginated } from './common.ts'

export const TermInput = z.object({
  term: z.string().trim().min(1, 'Term is required').max(500, 'Term is too long'),
  /** HTML; the server sanitises it, and an empty result is 'Description is required' too. */
  description: z.string().trim().min(1, 'Description is required').max(1_000_000, 'Description is too long'),
  published: z.boolean().default(false),
})
export type TermInput = z.input<typeof TermInput>
export type TermValues = z.output<typeof TermInput>

export const Term = z.object({
  id: Id,
  term: z.string(),
  description: z.string(),
  published: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type Term = z.infer<typeof Term>

export const TermsPage = paginated(Term)
export type TermsPage = z.infer<typeof TermsPage>

/** GET /api/terms and /api/admin/terms: `?page&limit&search` (public default limit 25, admin 20). */
export const TermsQuery = PageQuery
export type TermsQuery = z.infer<typeof TermsQuery>

/** GET /api/terms without page, limit or search: every visible term; with any of them: a page. */
export const TermsResponse = z.union([z.array(Term), TermsPage])

export const Letters = z.array(z.string())

export const LetterParams = z.object({ letter: z.string().min(1).max(8) })

export const TermImportResult = z.object({
  /** created + updated */
  imported: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Rows not imported; `line` is the row's first line in the file (the header is line 1). */
  rejected: z.array(z.object({ line: z.number().int(), error: z.string() })),
})
export type TermImportResult = z.infer<typeof TermImportResult>

/** GET /api/admin/terms/picker?q=: the editor's term picker (diacritic-insensitive, best first). */
export const TermPickerQuery = z.object({
  q: z.string().max(200, 'The search is too long').default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
})
export const TermChoice = z.object({ id: Id, term: z.string(), published: z.boolean() })
export type TermChoice = z.infer<typeof TermChoice>
export const TermChoices = z.object({ data: z.array(TermChoice) })
export type TermChoices = z.infer<typeof TermChoices>

/**
 * GET /api/terms/{id}/usage: the pages whose current text links to the term (visitors: published
 * pages only), with how many places and the block id of the first, so a link opens the reader there.
 */
export const TermUsagePage = z.object({
  id: Id,
  title: z.string(),
  chapterTitle: z.string(),
  bookTitle: z.string(),
  published: z.boolean(),
  places: z.number().int(),
  anchor: z.string(),
})
export type TermUsagePage = z.infer<typeof TermUsagePage>
export const TermUsage = z.object({
  /** Every page using the term; `pages` holds the first TERM_USAGE_LIMIT of them. */
  total: z.number().int(),
  pages: z.array(TermUsagePage),
})
export type TermUsage = z.infer<typeof TermUsage>
