// Where a command-line tool works, said plainly, and the refusal to make a new embedded database
// where one was expected: a DATA_DIR forgotten on the command line must not become an empty second
// site in ./data (issue 31, decision 058).
import fs from 'node:fs'
import path from 'node:path'
import type { Config } from '../config.ts'
import { OperatorError } from '../lib/operator-error.ts'

/** Whether DATA_DIR holds an embedded database (PGlite writes PG_VERSION first of all). */
export const hasEmbeddedDatabase = (dataDir: string) => fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))

/** "the embedded database in /abs/data" or "PostgreSQL at host:port/name" (never the password). */
export function describeDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>) {
  if (!config.databaseUrl) return `the embedded database in ${config.dataDir}`
  try {
    const url = new URL(config.databaseUrl)
    return `PostgreSQL at ${url.host || 'localhost'}${url.pathname || '/'}`
  } catch {
    return 'PostgreSQL (DATABASE_URL)'
  }
}

/**
 * Refuses before anything is opened or created when the embedded database is meant but DATA_DIR
 * holds none. PostgreSQL is not checked here: connecting tells.
 */
export function requireExistingDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>, command: string) {
  if (config.databaseUrl || hasEmbeddedDatabase(config.dataDir)) return
  throw new OperatorError(
    `${command}: there is no database in ${config.dataDir} (DATA_DIR). Set DATA_DIR to the server's data ` +
      `directory (or DATABASE_URL for PostgreSQL) and run it again; nothing was created.`,
  )
}
