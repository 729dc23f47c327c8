// The content pages contract: pages, chunked saving, reader chunks and jumps.
import { z } from 'zod'
import {
  CONTENT_SIZE_LIMIT_BYTES,
  FIND_QUERY_MAX_CHARS,
  READER_CHUNK_SIZE,
  READER_CHUNK_SIZE_MAX,
  UPLOAD_CHUNK_CHARS,
} from '../limits.ts'
import { Id, IdString, Order, Timestamp } from './common.ts'

/** At most this many upload chunks make one page (10 MB of text in 51,200-character chunks, with room). */
const MAX_UPLOAD_CHUNKS = Math.ceil(CONTENT_SIZE_LIMIT_BYTES / UPLOAD_CHUNK_CHARS) * 2

const Header = z.object({ text: z.string(), level: z.number().int(), id: z.string() })
type Header = z.infer<typeof Header>

export const ContentListItem = z.object({ id: Id, title: z.string(), order: z.number().int(), published: z.boolean() })
export type ContentListItem = z.infer<typeof ContentListItem>

export const ContentListQuery = z.object({ chapterId: IdString })

/** `?body=false`: the page without its (up to 10 MB) bodies, content and processedContent — readers get the body in chunks. */
export const ContentQuery = z.object({
  body: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value !== 'false'),
})

export const ChapterContentItems = z.object({ items: z.array(z.object({ id: Id, title: z.string() })) })

/** A page as a link to it: previous and next page. */
export const PageLink = z.object({ id: Id, title: z.string() })
export type PageLink = z.infer<typeof PageLink>

/** What the reader's title bar shows (GET /api/content/{id}/summary): a few hundred bytes, whatever the page's size. */
export const ContentSummary = z.object({
  id: Id,
  chapterId: Id,
  title: z.string(),
  /** The build the page's chunks come from now (see ReaderChunkQuery.build). */
  buildId: z.number().int().nullable(),
  chapter: z.object({ id: Id, title: z.string(), bookId: Id, bookTitle: z.string() }),
  /** The published pages before and after this one in the side tree's order, across chapters and books. */
  previous: PageLink.nullable(),
  next: PageLink.nullable(),
})
export type ContentSummary = z.infer<typeof ContentSummary>

/** The page's headings for its table of contents (GET /api/content/{id}/toc), asked for when it is opened. */
export const ContentToc = z.object({ headers: z.array(Header) })
export type ContentToc = z.infer<typeof ContentToc>

/**
 * A page as GET /api/content/{id} answers. `content` is the HTML as last saved (what the editor
 * reopens); `processedContent` the processed body readers see, equal to its chunks 0…n-1 joined
 * with '\n' (it changes with reprocessing too). Both are '' with `?body=false`.
 */
export const Content = z.object({
  id: Id,
  chapterId: Id,
  title: z.string(),
  content: z.string(),
  processedContent: z.string(),
  linksContent: z.string().nullable(),
  headers: z.array(Header),
  citations: z.string(),
  published: z.boolean(),
  order: z.number().int(),
  version: z.number().int(),
  /** The reader build the page's chunks come from now (null before the first save): see ReaderChunkQuery.build. */
  buildId: z.number().int().nullable(),
  sizeBytes: z.number().int(),
  updatedBy: z.string().nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  chapter: z.object({ id: Id, title: z.string(), bookId: Id, bookTitle: z.string() }),
})
export type Content = z.infer<typeof Content>

const SaveGuard = {
  /** The version the editor started from; a newer one on the server answers 409 unless `overwrite`. */
  baseVersion: z.number().int().positive().optional(),
  overwrite: z.boolean().optional(),
}

export const ContentInput = z.object({
  title: z.string().trim().min(1, 'Title cannot be empty').max(500),
  chapterId: z.coerce.number().int().positive('Please select a valid chapter'),
  content: z.string(),
  linksContent: z.string().nullish(),
  order: Order,
  published: z.boolean().default(false),
  ...SaveGuard,
})
export type ContentInput = z.infer<typeof ContentInput>

const UploadTarget = z.union([z.literal('new'), z.coerce.number().int().positive()])

export const ChunkUpload = z.object({
  chunk: z.string().max(UPLOAD_CHUNK_CHARS * 2, 'chunk is too large'),
  chunkIndex: z.number().int().min(0),
  totalChunks: z.number().int().min(1).max(MAX_UPLOAD_CHUNKS, 'too many chunks: the page is over the 10 MB limit'),
  contentId: UploadTarget,
})
export type ChunkUpload = z.infer<typeof ChunkUpload>

export const ChunkProgress = z.object({
  chunkIndex: z.number().int(),
  received: z.number().int(),
  totalChunks: z.number().int(),
  progress: z.number(),
})
export type ChunkProgress = z.infer<typeof ChunkProgress>

export const FinalizeInput = z.object({
  contentId: UploadTarget,
  totalChunks: z.number().int().min(1).max(MAX_UPLOAD_CHUNKS),
  metadata: z.object({
    title: z.string().trim().min(1, 'Title cannot be empty').max(500),
    chapterId: z.coerce.number().int().positive('Please select a valid chapter'),
    order: Order,
    published: z.boolean().default(false),
    ...SaveGuard,
  }),
})
export type FinalizeInput = z.infer<typeof FinalizeInput>

const CHUNK_SIZE_RULE = `size must be a whole number of blocks from 1 to ${READER_CHUNK_SIZE_MAX}`

/**
 * `size` in blocks (top-level elements of the page's body): chunk N of size S is blocks N·S … N·S+S-1.
 * The reader asks for READER_CHUNK_SIZE, whose chunks the server keeps; any size from 1 to
 * READER_CHUNK_SIZE_MAX is answered, cut from the stored blocks.
 */
const ChunkSize = z.coerce
  .number({ error: CHUNK_SIZE_RULE })
  .int(CHUNK_SIZE_RULE)
  .min(1, CHUNK_SIZE_RULE)
  .max(READER_CHUNK_SIZE_MAX, CHUNK_SIZE_RULE)
  .default(READER_CHUNK_SIZE)

export const ReaderChunkQuery = z.object({
  chunk: z.coerce.number().int().min(0).default(0),
  size: ChunkSize,
  /**
   * The page's build the reader opened (Content.buildId): the answer is then immutable and may be
   * cached for a year; a build that is no longer the page's answers 409 with the current one.
   */
  build: z.coerce.number().int().positive().optional(),
})

export const ReaderChunk = z.object({
  chunk: z.string(),
  hasMore: z.boolean(),
  totalChunks: z.number().int(),
  /** The build the chunk comes from: the reader asks for the page's other chunks by it (ReaderChunkQuery.build). */
  buildId: z.number().int().nullable(),
  /**
   * Only on the page's last chunk (hasMore false): the links section (footnotes) as the reader shows it
   * below the body, sanitised, or null when the page has none; so the reader's first view need not carry it.
   */
  linksContent: z.string().nullable().optional(),
})
export type ReaderChunk = z.infer<typeof ReaderChunk>

export const LocateQuery = z.object({
  anchor: z.string().min(1).max(500),
  size: ChunkSize,
})
export const LocateAnswer = z.object({ chunk: z.number().int() })

/** Find in page: `q` is looked for in the page's text as the reader shows it, case and diacritics aside. */
export const FindQuery = z.object({ q: z.string().trim().min(1).max(FIND_QUERY_MAX_CHARS) })
export const FindAnswer = z.object({
  /** The build the occurrences are in (see ReaderChunkQuery.build). */
  buildId: z.number().int().nullable(),
  /** How many occurrences are listed: all of them, or FIND_MAX_OCCURRENCES when `capped`. */
  total: z.number().int(),
  /** There are more occurrences than are listed. */
  capped: z.boolean(),
  /**
   * In the page's order: the id of the block (a top-level element, a jump target) the occurrence is
   * in, the block's position among the page's blocks (its chunk is position / size), and which of the
   * block's occurrences it is (0 for the first), counted left to right without overlapping. One in
   * the notes (the links section, shown with the last chunk) has `note`, which of the section's
   * top-level elements it is in (0 for the first); `block` is then that element's id or '' and
   * `position` the page's last block.
   */
  occurrences: z.array(
    z.object({
      block: z.string(),
      position: z.number().int(),
      index: z.number().int(),
      note: z.number().int().optional(),
    }),
  ),
})
export type FindAnswer = z.infer<typeof FindAnswer>

/**
 * A run of "Reprocess All Headers", a background job: `running` while its process works on it,
 * `interrupted` when that process stopped before the end (restart, crash), `failed` when it could
 * not go on. `failedIds`: pages whose processing failed.
 */
export const ReprocessJob = z.object({
  id: z.number().int().positive(),
  state: z.enum(['running', 'finished', 'failed', 'interrupted']),
  total: z.number().int(),
  done: z.number().int(),
  failedIds: z.array(z.number().int()),
  message: z.string().nullable(),
  startedBy: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
})
export type ReprocessJob = z.infer<typeof ReprocessJob>

/** POST /api/admin/reprocess-headers: 202, the job started (its progress: GET the same path). */
export const ReprocessAnswer = z.object({ message: z.string(), job: ReprocessJob })
export type ReprocessAnswer = z.infer<typeof ReprocessAnswer>

/** GET /api/admin/reprocess-headers: the running job, or else the last one; null before the first. */
export const ReprocessStatus = z.object({ job: ReprocessJob.nullable() })
export type ReprocessStatus = z.infer<typeof ReprocessStatus>
