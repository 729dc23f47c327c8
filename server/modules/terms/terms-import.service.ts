// The CSV import: every accepted row created or updated (by term text) with its forms, in ONE transaction.
import type { CurrentUser } from '#shared/api/auth.ts'
import type { TermImportResult } from '#shared/api/terms.ts'
import type { Db } from '../../db/client.ts'
import { recordAudit } from '../audit/audit.service.ts'
import { FORMS_VERSION, writeTermForms } from './term-forms.ts'
import { readTermsCsv } from './terms-csv.ts'
import { upsertTerms } from './terms.repo.ts'

// 500 rows × 6 parameters stays far below PostgreSQL's 65,535 parameters per statement.
const BATCH_ROWS = 500

export async function importTermsCsv(db: Db, user: CurrentUser, file: Buffer): Promise<TermImportResult> {
  const { terms, rejected } = readTermsCsv(file)
  const counts = await db.transaction(async (tx) => {
    let created = 0
    let updated = 0
    for (let start = 0; start < terms.length; start += BATCH_ROWS) {
      const batch = terms.slice(start, start + BATCH_ROWS).map(({ line: _line, ...row }) => row)
      const result = await upsertTerms(tx, batch, FORMS_VERSION)
      // Each term's forms, from the pattern and extra forms it has now (the file's, or its own).
      await writeTermForms(tx, result.written)
      created += result.created
      updated += result.updated
    }
    await recordAudit(tx, user, 'import', 'term', null, { created, updated, rejected: rejected.length })
    return { created, updated }
  })
  return { imported: counts.created + counts.updated, ...counts, rejected }
}
