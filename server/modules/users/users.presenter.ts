// Users as the API answers them: dates as ISO strings, and whether the account is disabled.
import type { UserSummary } from '#shared/api/users.ts'
import { withIsoDates } from '../../lib/timestamps.ts'
import type * as repo from './users.repo.ts'

type SummaryRow = NonNullable<Awaited<ReturnType<typeof repo.findUserSummary>>>

export function toSummary(row: SummaryRow): UserSummary {
  return { ...withIsoDates(row), disabled: row.disabledAt !== null }
}
