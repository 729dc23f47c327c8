// The Word import contract (issue 30): a .docx converted to the page HTML the editor saves, with
// what it holds, what did not come through and, for an existing page, what it would change.
// Saving is not a call of its own: the editor puts `html` in and saves it the usual way.
import { z } from 'zod'
import { DOCX_MAX_PARTS } from '../limits.ts'
import { Id, IdString } from './common.ts'
import { RevisionComparison } from './revisions.ts'

/** `POST /api/admin/word/preview?contentId=12`: the page the import would replace, if any. */
export const WordPreviewQuery = z.object({ contentId: IdString.optional() })
export type WordPreviewQuery = z.infer<typeof WordPreviewQuery>

export const WORD_WARNING_CODES = [
  /** Word comments: left out. */
  'comments',
  /** Tracked changes still pending: insertions are taken as text, deletions are not. */
  'tracked_changes',
  /** Text boxes: their text comes after the paragraph they stand in, their frame is lost. */
  'text_boxes',
  /** A paragraph or character style the import does not know: its text comes as plain text. */
  'unknown_style',
  /** A picture the picture library cannot take (EMF, WMF, TIFF …): left out. */
  'picture_skipped',
  /** Notes in the Word file that no reference in the text points to: left out. */
  'unreferenced_notes',
  /** Anything else the converter (mammoth) reported, its own message quoted. */
  'converter',
] as const
export type WordWarningCode = (typeof WORD_WARNING_CODES)[number]

/** One kind of thing that did not come through, grouped: `count` times in the document. */
export const WordWarning = z.object({
  code: z.enum(WORD_WARNING_CODES),
  /** Estonian, for the editor; names the style or part where there is one. */
  message: z.string(),
  count: z.number().int().positive(),
})
export type WordWarning = z.infer<typeof WordWarning>

const HeadingCounts = z.object({
  1: z.number().int(),
  2: z.number().int(),
  3: z.number().int(),
  4: z.number().int(),
  5: z.number().int(),
  6: z.number().int(),
})

export const WordCounts = z.object({
  /** Paragraphs of the text (the notes' own paragraphs not counted). */
  paragraphs: z.number().int(),
  /** Headings by level, "1" to "6". */
  headings: HeadingCounts,
  footnotes: z.object({
    /** Footnotes and endnotes together, as the page's notes `[1]…[n]`. */
    total: z.number().int(),
    /** The numbers (as in `[7]`) of references without a note and notes without a reference; empty when all pair. */
    unpaired: z.array(z.string()),
  }),
  pictures: z.number().int(),
  tables: z.number().int(),
})
export type WordCounts = z.infer<typeof WordCounts>

export const WordPreview = z.object({
  /**
   * The page's HTML as the editor holds it: headings, paragraphs, lists, tables, links, pictures at
   * their picture-library addresses, footnotes as `_ftnN` / `_ftnrefN` with the notes after an `<hr>`
   * at the end of the main text (the corpus's shape), then `=== LINKS START ===` and the links section
   * when the document has one (a paragraph reading the marker) or, for an existing page, the page's
   * own (`linksKept`). Pāli letters in NFC.
   */
  html: z.string(),
  /** The document's title: its first Title paragraph, else its properties' title, else its first heading, else the file name. */
  title: z.string(),
  counts: WordCounts,
  warnings: z.array(WordWarning),
  /** With `contentId`: the page's current text (`from`) against the imported one (`to`, not yet saved). */
  compare: RevisionComparison.optional(),
  /**
   * The ids of the pictures this preview added to the picture library (not those it already had).
   * Nothing uses them until the page is saved: the import dialog removes those the editor does not
   * take, all in one call (`POST /api/admin/word/discard`, which keeps a picture a page shows).
   */
  addedPictures: z.array(z.number().int().positive()),
  /** True when the document has no links section and `html` ends with the existing page's. */
  linksKept: z.boolean(),
})
export type WordPreview = z.infer<typeof WordPreview>

/**
 * `POST /api/admin/word/discard`: pictures that previews added and the editor did not take. Those
 * no page's current text shows are removed (each with its audit entry); the others stay.
 */
export const WordDiscardInput = z.object({ pictures: z.array(Id).min(1).max(DOCX_MAX_PARTS) })
export type WordDiscardInput = z.infer<typeof WordDiscardInput>

/** The ids of the pictures removed (a subset of those asked; ids not in the library are left out). */
export const WordDiscarded = z.object({ removed: z.array(Id) })
export type WordDiscarded = z.infer<typeof WordDiscarded>
