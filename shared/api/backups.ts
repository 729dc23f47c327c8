// POST /api/admin/backups: an administrator has the server back up the embedded database now (201).
// On PostgreSQL the answer is 409: its backups are pg_dump's (README, "Backups").
import { z } from 'zod'

export const BackupMade = z.object({
  /** The backup's file name in DATA_DIR/backups. */
  file: z.string(),
  bytes: z.number().int(),
  /** How long the database's statements waited while its files were copied. */
  pausedMs: z.number(),
})
export type BackupMade = z.infer<typeof BackupMade>
