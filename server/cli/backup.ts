// `npm run backup`: writes a consistent backup of the embedded database into DATA_DIR/backups
// (the server must be stopped; while it runs it makes one itself every day). For PostgreSQL use pg_dump.
import { loadConfig } from '../config.ts'
import { makeBackup, pruneBackups } from '../db/backup.ts'
import { openDatabase } from '../db/client.ts'
import { exitWithError, OperatorError } from '../lib/operator-error.ts'

async function run() {
  const config = loadConfig()
  if (config.databaseUrl) {
    throw new OperatorError('DATABASE_URL is set: back up PostgreSQL with pg_dump (see README.md, "Backups").')
  }
  const database = await openDatabase({ dataDir: config.dataDir })
  try {
    const { file } = await makeBackup(database, config.dataDir)
    pruneBackups(config.dataDir)
    console.log(`Backup written: ${file}`)
  } finally {
    await database.close()
  }
}

run().catch(exitWithError)
