// `npm run restore -- FILE`: replaces the embedded database with a backup (the server must be stopped).
import { loadConfig } from '../config.ts'
import { restoreBackup } from '../db/restore.ts'
import { exitWithError, OperatorError } from '../lib/operator-error.ts'

async function run() {
  const file = process.argv[2]
  if (!file) throw new OperatorError('Usage: npm run restore -- FILE   (a backup from DATA_DIR/backups)')
  const config = loadConfig()
  if (config.databaseUrl)
    throw new OperatorError('DATABASE_URL is set: restore PostgreSQL with pg_restore (see README.md).')
  const { movedTo } = await restoreBackup(config.dataDir, file)
  console.log(`Restored ${file}.${movedTo ? ` The previous database was kept in ${movedTo}.` : ''}`)
}

run().catch(exitWithError)
