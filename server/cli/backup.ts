// `npm run backup`: writes a consistent backup of the embedded database into DATA_DIR/backups; while
// the server runs, the server writes it (db/backup-socket.ts). For PostgreSQL use pg_dump.
import { loadConfig } from '../config.ts'
import { makeBackup, pruneBackups } from '../db/backup.ts'
import { askServerForBackup } from '../db/backup-socket.ts'
import { openDatabase } from '../db/client.ts'
import { exitWithError, OperatorError } from '../lib/operator-error.ts'
import { requireExistingDatabase } from './database-place.ts'

async function run() {
  const config = loadConfig()
  if (config.databaseUrl) {
    throw new OperatorError('DATABASE_URL is set: back up PostgreSQL with pg_dump (see README.md, "Backups").')
  }
  requireExistingDatabase(config, 'npm run backup')
  const byServer = await askServerForBackup(config.dataDir)
  if (byServer) return console.log(`Backup written by the running server: ${byServer.file}`)
  const database = await openDatabase({ dataDir: config.dataDir })
  try {
    const { file } = await makeBackup(database, config.dataDir)
    pruneBackups(config.dataDir)
    console.log(`Backup of the embedded database in ${config.dataDir} written: ${file}`)
  } finally {
    await database.close()
  }
}

run().catch(exitWithError)
