// The audit log as administrators read it: GET /api/admin/audit?page&limit, newest first.
import { z } from 'zod'
import { Id, Timestamp, paginated } from './common.ts'

export const AuditEntry = z.object({
  id: Id,
  userId: z.number().int().nullable(),
  username: z.string().nullable(),
  /** create, update, delete, import, restore (a revision, or from the trash), purge (from the trash; userId null when the 30 days ran out); for users also disable, enable, change-password */
  action: z.string(),
  /** book, chapter, content, term, feedback, user */
  entity: z.string(),
  entityId: z.number().int().nullable(),
  /** e.g. { title } or import counts */
  details: z.unknown(),
  createdAt: Timestamp,
})
export type AuditEntry = z.infer<typeof AuditEntry>

export const AuditPage = paginated(AuditEntry)
export type AuditPage = z.infer<typeof AuditPage>
