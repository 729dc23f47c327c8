// The audit log: who changed what. Written in the same transaction as the change it records.
import { count, desc } from 'drizzle-orm'
import type { CurrentUser } from '#shared/api/auth.ts'
import type { DbOrTx, Tx } from '../../db/client.ts'
import { auditLog } from '../../db/schema.ts'
import type { Page } from '../../lib/paging.ts'

export type AuditAction =
  'create' | 'update' | 'delete' | 'import' | 'restore' | 'purge' | 'disable' | 'enable' | 'change-password'
export type AuditEntity = 'book' | 'chapter' | 'collection' | 'content' | 'term' | 'feedback' | 'image' | 'user'

export async function recordAudit(
  tx: Tx,
  /** null for the server's own work (the trash's purge after 30 days). */
  user: CurrentUser | null,
  action: AuditAction,
  entity: AuditEntity,
  entityId: number | null,
  details: Record<string, unknown> = {},
) {
  await tx.insert(auditLog).values({
    userId: user?.id ?? null,
    username: user?.username ?? null,
    action,
    entity,
    entityId,
    details: JSON.stringify(details),
  })
}

export async function listAudit(db: DbOrTx, page: Page) {
  const rows = await db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset)
  const [total] = await db.select({ n: count() }).from(auditLog)
  return { rows: rows.map((row) => ({ ...row, details: parseDetails(row.details) })), total: total?.n ?? 0 }
}

function parseDetails(details: string | null): unknown {
  if (details === null) return null
  try {
    return JSON.parse(details)
  } catch {
    return details
  }
}
