// `npm run restore -- FILE`: replaces the embedded database with a backup (the server must be stopped).
// Restoring into a DATA_DIR that holds no database is allowed (a new machine, a lost disk): the
// output names the directory either way, so a forgotten DATA_DIR shows at once (decision 058).
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
  console.log(
    `Restored ${file} into ${config.dataDir} (DATA_DIR).` +
      (movedTo
        ? ` The previous database was kept in ${movedTo}.`
        : ' It held no database before: start the server with this DATA_DIR to use it.'),
  )
}

run().catch(exitWithError)
