// The audit log as the other modules see it: a change records itself in its own transaction.
// Recording is one insert with no rule around it, so the repo's function is handed out as it is;
// the SQL stays in audit.repo.ts, which only this module imports (decision 018).
export { recordAudit, type AuditAction, type AuditEntity } from './audit.repo.ts'

export type FieldChanges = Record<string, { before: unknown; after: unknown }>

/**
 * The fields of `fields` whose value an update changed, each with its value before and after: an
 * audit entry's `changes`, so an earlier description or title can be read back from the log.
 */
export function fieldChanges<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): FieldChanges {
  const changes: FieldChanges = {}
  for (const field of fields) {
    if (before[field] !== after[field]) changes[field] = { before: before[field] ?? null, after: after[field] ?? null }
  }
  return changes
}
