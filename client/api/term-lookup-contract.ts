// Interim: the contract of GET /api/terms/lookup?word=FORM as the server half (branch
// feat/terms-forms, shared/api/terms.ts there) fixes it. When that lands, this file goes and
// client/api/reader.ts imports the types from #shared/api/terms.ts. Only types leave this file:
// the reader's first page checks the answer by hand (answer-shape.ts), never with zod.
import { z } from 'zod'
import { Id } from '#shared/api/common.ts'

/** The query: one word of a text, 1–100 characters (longer or empty: 400). */
export const TermLookupQuery = z.object({ word: z.string().trim().min(1).max(100) })

export const TermLookupMatch = z.object({
  id: Id,
  term: z.string(),
  /** The lexicon's form the word was read as (diacritics as the lexicon writes them). */
  form: z.string(),
  /** How that form is the term's, in Estonian ('gen./dat. ainsus'); '' for the citation form. */
  grammar: z.string(),
  via: z.enum(['whole', 'enclitic', 'sandhi', 'compound']),
  /** With a compound's parts: the index of the part (in `parts`) this match is of. */
  part: z.number().int().min(0).optional(),
  /** What was taken off or undone (an enclitic, sandhi); '' when nothing. */
  note: z.string(),
  published: z.boolean(),
})
export type TermLookupMatch = z.infer<typeof TermLookupMatch>

export const TermLookupAnswer = z.object({
  word: z.string(),
  /** Best first. */
  matches: z.array(TermLookupMatch),
  /** When the word was read as a compound: its parts, in order. */
  parts: z.array(z.string()).optional(),
  /** Up to 3, only when nothing matched. */
  similar: z.array(z.object({ id: Id, term: z.string() })),
})
export type TermLookupAnswer = z.infer<typeof TermLookupAnswer>
