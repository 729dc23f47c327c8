// The audit log as the other modules see it: a change records itself in its own transaction.
// Recording is one insert with no rule around it, so the repo's function is handed out as it is;
// the SQL stays in audit.repo.ts, which only this module imports (decision 018).
export { recordAudit, type AuditAction, type AuditEntity } from './audit.repo.ts'
