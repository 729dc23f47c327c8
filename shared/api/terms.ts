// The lexicon contract: terms, paged lists, letters and the CSV import.
import { z } from 'zod'
import { TERM_SUGGESTIONS_HTML_MAX_CHARS } from '../limits.ts'
import { PATTERN_IDS } from '../pali/index.ts'
import { Id, PageQuery, Timestamp, paginated } from './common.ts'

/** How many extra forms a term may have, and how long each may be. */
export const MAX_EXTRA_FORMS = 50
export const MAX_FORM_CHARS = 100

/** A declension or conjugation pattern (shared/pali/paradigms.ts); null: guessed from the term. */
export const TermPattern = z.enum(PATTERN_IDS)

export const TermInput = z.object({
  term: z.string().trim().min(1, 'Term is required').max(500, 'Term is too long'),
  /** HTML; the server sanitises it, and an empty result is 'Description is required' too. */
  description: z.string().trim().min(1, 'Description is required').max(1_000_000, 'Description is too long'),
  published: z.boolean().default(false),
  /** Omitted or null: guessed from the term (guessPattern). */
  pattern: TermPattern.nullable().optional(),
  /** Irregular forms beside the generated ones (rañño for rājā); blank lines are dropped. */
  extraForms: z
    .array(z.string().trim().max(MAX_FORM_CHARS, `A form is at most ${MAX_FORM_CHARS} characters`))
    .max(MAX_EXTRA_FORMS, `At most ${MAX_EXTRA_FORMS} extra forms`)
    .optional(),
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
  /** null: guessed from the term. */
  pattern: TermPattern.nullable(),
  extraForms: z.array(z.string()),
})
export type Term = z.infer<typeof Term>

/** One form of a term, as its page and the term form show it. */
export const TermForm = z.object({ form: z.string(), grammar: z.string() })
export type TermForm = z.infer<typeof TermForm>

/** GET /api/terms/{id}: the term with its forms, citation form first (list routes leave them out). */
export const TermWithForms = Term.extend({ forms: z.array(TermForm) })
export type TermWithForms = z.infer<typeof TermWithForms>

/** GET /api/terms/lookup?word=: any word of a text, as it is written there. */
export const TermLookupQuery = z.object({
  word: z
    .string()
    .trim()
    .min(1, 'The word is required')
    .max(MAX_FORM_CHARS, `The word is at most ${MAX_FORM_CHARS} characters`),
})
export const TermLookupMatch = z.object({
  id: Id,
  term: z.string(),
  /** The form of the term the word (or its part) was read as. */
  form: z.string(),
  grammar: z.string(),
  /** whole: as written; enclitic: without -ti, -pi, -ca …; sandhi: undone; compound: one of `parts`. */
  via: z.enum(['whole', 'enclitic', 'sandhi', 'compound']),
  /** The compound's part this match reads (0-based index in `parts`). */
  part: z.number().int().optional(),
  /** How the word was read, e.g. "-ti eraldatud" (empty when read as written). */
  note: z.string(),
  published: z.boolean(),
})
export type TermLookupMatch = z.infer<typeof TermLookupMatch>
export const TermLookup = z.object({
  word: z.string(),
  /** Best first; a compound's parts in order. */
  matches: z.array(TermLookupMatch),
  /** The compound's parts, when the word was split. */
  parts: z.array(z.string()).optional(),
  /** Up to 3 terms spelled closest, only when nothing matched. */
  similar: z.array(z.object({ id: Id, term: z.string() })),
})
export type TermLookup = z.infer<typeof TermLookup>

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

/** POST /api/terms/suggestions ("Märgi terminid"): the HTML the editor holds (a page or a section). */
export const TermSuggestionsInput = z.object({
  html: z
    .string()
    .max(
      TERM_SUGGESTIONS_HTML_MAX_CHARS,
      `The text is too long (at most ${TERM_SUGGESTIONS_HTML_MAX_CHARS.toLocaleString('en')} characters)`,
    ),
})
export type TermSuggestionsInput = z.infer<typeof TermSuggestionsInput>
/** A form of a term written in the text, not marked yet, and how often. */
export const TermSuggestion = z.object({
  termId: Id,
  term: z.string(),
  /** As written in the text (NFC). */
  form: z.string(),
  grammar: z.string(),
  count: z.number().int(),
})
export type TermSuggestion = z.infer<typeof TermSuggestion>
/** The most frequent first (then the first written), at most TERM_SUGGESTIONS_MAX. */
export const TermSuggestions = z.object({ suggestions: z.array(TermSuggestion) })
export type TermSuggestions = z.infer<typeof TermSuggestions>
