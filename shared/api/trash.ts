// The trash ("Prügikast") as administrators see it: deleted books, chapters and pages kept for
// restoring until they are purged (decision 043).
//   GET    /api/admin/trash?page&limit    newest first
//   POST   /api/admin/trash/{id}/restore  back where it was, with everything under it
//   DELETE /api/admin/trash/{id}          purge one now
//   DELETE /api/admin/trash               purge everything now (empty the trash)
import { z } from 'zod'
import { Id, Timestamp, paginated } from './common.ts'

export const TrashKind = z.enum(['book', 'chapter', 'content'])
export type TrashKind = z.infer<typeof TrashKind>

export const TrashEntry = z.object({
  id: Id,
  kind: TrashKind,
  /** The deleted book's, chapter's or page's id (it comes back under the same id). */
  entityId: Id,
  title: z.string(),
  /** Where it was: a chapter's book, a page's chapter (its title then); null for a book. */
  parentTitle: z.string().nullable(),
  chapterCount: z.number().int(),
  pageCount: z.number().int(),
  deletedByName: z.string().nullable(),
  deletedAt: Timestamp,
  purgeAfter: Timestamp,
})
export type TrashEntry = z.infer<typeof TrashEntry>

export const TrashPage = paginated(TrashEntry)
export type TrashPage = z.infer<typeof TrashPage>

export const TrashRestored = z.object({
  kind: TrashKind,
  entityId: Id,
  title: z.string(),
  /** Its place in the order was taken meanwhile: it was put last among its siblings instead. */
  movedToEnd: z.boolean(),
})
export type TrashRestored = z.infer<typeof TrashRestored>

export const TrashPurged = z.object({ purged: z.number().int() })
export type TrashPurged = z.infer<typeof TrashPurged>
