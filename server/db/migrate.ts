// Applies the committed drizzle-kit migrations. Several server processes may start at once on one
// PostgreSQL, so the work runs under an advisory lock on a single connection. Before it changes an
// embedded database that holds data, it makes a backup; a database a newer version migrated (it
// holds a migration this code does not know) is refused rather than run by code that does not know
// its tables.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import type pg from 'pg'
import { APP_VERSION } from '../lib/app-version.ts'
import { OperatorError } from '../lib/operator-error.ts'
import { makeBackup, pruneBackups } from './backup.ts'
import type { Database } from './client.ts'

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))
const MIGRATION_LOCK = 7_345_001
/** The settings row naming the version of this code that last applied migrations. */
export const MIGRATED_BY_KEY = 'migrated_by_version'

export class NewerDatabaseError extends OperatorError {}

export interface MigrateOptions {
  /** Where this code's migrations are (tests: a folder holding only the earlier ones). */
  migrationsFolder?: string
  /** Told what was done (the backup before migrating), for the log. */
  log?: (message: string, details: Record<string, unknown>) => void
}

/** Answers how many migrations it applied and the backup made before them, if any. */
export async function migrateDatabase(
  database: Database,
  { migrationsFolder = MIGRATIONS_FOLDER, log = () => {} }: MigrateOptions = {},
): Promise<{ applied: number; backup: string | undefined }> {
  const known = readMigrationFiles({ migrationsFolder })
  const client = await database.pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    try {
      const done = await appliedMigrations(client)
      const newest = Math.max(0, ...done)
      const newestKnown = Math.max(0, ...known.map((migration) => migration.folderMillis))
      if (newest > newestKnown) {
        const unknown = done.filter((at) => at > newestKnown)
        throw new NewerDatabaseError(await newerDatabaseMessage(client, unknown, migrationsFolder))
      }
      const pending = known.filter((migration) => done.length === 0 || migration.folderMillis > newest)
      let backup: string | undefined
      // A new database has nothing to lose; PostgreSQL is backed up by its operator (pg_dump).
      if (pending.length > 0 && done.length > 0 && database.dump && database.dataDir) {
        backup = (await makeBackup(database, database.dataDir)).file
        pruneBackups(database.dataDir)
        log('backup written before migrating', { file: backup, pending: pending.length })
      }
      await migrate(drizzle({ client }), { migrationsFolder })
      if (pending.length > 0 && (await hasSettingsTable(client))) {
        await client.query(
          `INSERT INTO settings (key, value) VALUES ($1, $2)
           ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
          [MIGRATED_BY_KEY, APP_VERSION],
        )
      }
      return { applied: pending.length, backup }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK])
    }
  } finally {
    client.release()
  }
}

async function hasSettingsTable(client: pg.PoolClient) {
  const table = await client.query<{ exists: boolean }>(`SELECT to_regclass('settings') IS NOT NULL AS exists`)
  return table.rows[0]!.exists
}

/** The creation times drizzle recorded for the migrations applied (none for a new database). */
async function appliedMigrations(client: pg.PoolClient): Promise<number[]> {
  const table = await client.query<{ exists: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists`,
  )
  if (!table.rows[0]!.exists) return []
  const rows = await client.query<{ created_at: string }>('SELECT created_at FROM drizzle.__drizzle_migrations')
  return rows.rows.map((row) => Number(row.created_at))
}

async function newerDatabaseMessage(client: pg.PoolClient, unknown: number[], migrationsFolder: string) {
  const journal = fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')
  const entries = (JSON.parse(journal) as { entries: { tag: string }[] }).entries
  const ours = entries.at(-1)?.tag ?? 'none'
  let by = 'a newer version'
  try {
    const row = await client.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [MIGRATED_BY_KEY])
    if (row.rows[0]) by = `version ${row.rows[0].value}`
  } catch {
    // no settings table: the version stays unnamed
  }
  const when = unknown
    .sort((a, b) => a - b)
    .map((at) => new Date(at).toISOString())
    .join(', ')
  return (
    `This database was upgraded by ${by} (migrations of ${when} that this version does not know); ` +
    `this is version ${APP_VERSION}, whose newest migration is ${ours}. ` +
    'Run that version or newer, or restore a backup made before the upgrade.'
  )
}
