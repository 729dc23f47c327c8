// POST /api/admin/backups: a backup of the embedded database now, for an administrator (the same as
// the daily one and `npm run backup`, one at a time). PostgreSQL's backups are the operator's pg_dump.
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { BackupMade } from '#shared/api/backups.ts'
import { makeBackup, pruneBackups } from '../../db/backup.ts'
import type { Database } from '../../db/client.ts'
import { conflict } from '../../http/errors.ts'

export const PG_DUMP_NEEDED = 'Backups of a PostgreSQL server are made with pg_dump (see README.md, "Backups").'

export const backupsRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.post(
    '/api/admin/backups',
    { config: { access: 'admin', pagesUnchanged: true }, schema: { response: { 201: BackupMade } } },
    async (request, reply) => {
      const { dataDir } = database
      if (!database.dump || !dataDir) throw conflict(PG_DUMP_NEEDED)
      const { file, pausedMs } = await makeBackup(database, dataDir)
      pruneBackups(dataDir)
      request.log.info({ file, pausedMs: Math.round(pausedMs), by: request.user?.username }, 'backup written')
      return reply.status(201).send({ file: path.basename(file), bytes: fs.statSync(file).size, pausedMs })
    },
  )
}
