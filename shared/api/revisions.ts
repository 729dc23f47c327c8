// A page's revision history (administrators only): the list, one revision, a comparison of two
// versions block by block with word changes inside changed blocks, and restoring one.
import { z } from 'zod'
import { Id, IdString, Pagination, Timestamp } from './common.ts'

/** What a version changed against the one before it, in top-level blocks (paragraphs, headings …). */
export const ChangeSummary = z.object({
  added: z.number().int().nonnegative(),
  removed: z.number().int().nonnegative(),
  changed: z.number().int().nonnegative(),
})
export type ChangeSummary = z.infer<typeof ChangeSummary>

export const RevisionParams = z.object({ id: IdString, revisionId: IdString })
export type RevisionParams = z.infer<typeof RevisionParams>

/** One version of a page in its history; `revisionId` is null for the current text. */
export const RevisionListItem = z.object({
  revisionId: Id.nullable(),
  version: z.number().int(),
  title: z.string(),
  savedAt: Timestamp,
  savedBy: z.string().nullable(),
  sizeBytes: z.number().int(),
  /** Against the version before it; null when not known (kept before summaries were). */
  summary: ChangeSummary.nullable(),
})
export type RevisionListItem = z.infer<typeof RevisionListItem>

/** GET /api/content/{id}/revisions: the current version, then earlier ones newest first, paged. */
export const RevisionHistory = z.object({
  current: RevisionListItem,
  data: z.array(RevisionListItem),
  pagination: Pagination,
})
export type RevisionHistory = z.infer<typeof RevisionHistory>

export const Revision = RevisionListItem.extend({
  revisionId: Id,
  content: z.string(),
  linksContent: z.string().nullable(),
})
export type Revision = z.infer<typeof Revision>

/** `?from=<revision id>&to=<revision id>`; without `to`, compared with the current text. */
export const CompareQuery = z.object({
  from: IdString,
  to: IdString.optional(),
})
export type CompareQuery = z.infer<typeof CompareQuery>

export const WordChange = z.object({ kind: z.enum(['same', 'added', 'removed']), text: z.string() })
export type WordChange = z.infer<typeof WordChange>

/**
 * One block of a comparison: unchanged (shown as context), only in the older version, only in the
 * newer, or changed (then `words` marks the words added and removed). Texts are the blocks' plain text.
 */
export const DiffBlock = z.object({
  kind: z.enum(['same', 'added', 'removed', 'changed']),
  /** The block's tag in the newer version (or the older one when removed): p, h2, li … */
  tag: z.string(),
  fromPosition: z.number().int().nullable(),
  toPosition: z.number().int().nullable(),
  fromText: z.string().nullable(),
  toText: z.string().nullable(),
  words: z.array(WordChange).nullable(),
})
export type DiffBlock = z.infer<typeof DiffBlock>

/** Changed blocks that stand together, with a little unchanged context around them. */
export const DiffHunk = z.object({ blocks: z.array(DiffBlock) })
export type DiffHunk = z.infer<typeof DiffHunk>

export const ComparedVersion = RevisionListItem.pick({ revisionId: true, version: true, savedAt: true, savedBy: true })

export const RevisionComparison = z.object({
  from: ComparedVersion,
  to: ComparedVersion,
  summary: ChangeSummary.extend({ unchanged: z.number().int().nonnegative() }),
  titleChanged: z.object({ from: z.string(), to: z.string() }).nullable(),
  hunks: z.array(DiffHunk),
  /** More changed blocks than the answer carries: the first ones are shown. */
  truncated: z.boolean(),
})
export type RevisionComparison = z.infer<typeof RevisionComparison>

/** POST …/revisions/{revisionId}/restore: the version the editor last saw (409 when the page moved on). */
export const RestoreInput = z.object({ baseVersion: z.number().int().positive() })
export type RestoreInput = z.infer<typeof RestoreInput>
