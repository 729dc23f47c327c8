// `npm run import -- FILE.json [--lexicon FILE.csv] [--as USERNAME]`: loads a whole library through
// the same services and pipeline as the admin screens, with a progress bar and a summary.
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { eq } from 'drizzle-orm'
import { ConfigError, loadConfig } from '../config.ts'
import { exitWithError } from '../lib/operator-error.ts'
import { describeDatabase, requireExistingDatabase } from './database-place.ts'
import { openDatabase } from '../db/client.ts'
import { migrateDatabase } from '../db/migrate.ts'
import { users } from '../db/schema.ts'
import { closeContentContext, createContentContext } from '../modules/content/content-state.ts'
import { importLibrary, LibraryFile, type ImportProgress } from '../modules/library-import/library-import.service.ts'

const USAGE = 'Usage: npm run import -- FILE.json [--lexicon FILE.csv] [--as USERNAME]'

function readLibrary(file: string) {
  let json: unknown
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (error) {
    throw new ConfigError(`Cannot read ${file}: ${error instanceof Error ? error.message : error}`)
  }
  const parsed = LibraryFile.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new ConfigError(`${file} is not a library file: ${issue.path.join('.')}: ${issue.message}`)
  }
  return parsed.data
}

function showProgress({ page, pages, bytes, title }: ImportProgress) {
  const width = 30
  const filled = Math.round((page / pages) * width)
  const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${page}/${pages} pages, ${(bytes / 1e6).toFixed(1)} MB  ${title.slice(0, 40)}`
  if (process.stderr.isTTY) process.stderr.write(`\r${line.padEnd(110)}`)
  else if (page === 1 || page === pages || page % 10 === 0) process.stderr.write(`${line}\n`)
}

async function run() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { lexicon: { type: 'string' }, as: { type: 'string' } },
  })
  const file = positionals[0]
  if (!file) throw new ConfigError(USAGE)
  const library = readLibrary(file)
  const lexiconCsv = values.lexicon ? fs.readFileSync(values.lexicon) : undefined

  const config = loadConfig()
  requireExistingDatabase(config, 'npm run import')
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  const content = createContentContext(database.db, { databaseUrl: config.databaseUrl })
  try {
    await migrateDatabase(database)
    const [user] = values.as
      ? await database.db.select().from(users).where(eq(users.username, values.as))
      : await database.db.select().from(users).orderBy(users.id).limit(1)
    if (!user) {
      const where = describeDatabase(config)
      throw new ConfigError(
        values.as
          ? `No user named ${values.as} in ${where}`
          : `No user in ${where}: create an administrator first (npm run user:create -- NAME, same DATA_DIR or DATABASE_URL)`,
      )
    }
    const started = Date.now()
    const summary = await importLibrary(content, { id: user.id, username: user.username }, library, {
      lexiconCsv,
      onProgress: showProgress,
    })
    if (process.stderr.isTTY) process.stderr.write('\n')
    const seconds = (Date.now() - started) / 1000
    const lines = [
      summary.terms &&
        `Terms: ${summary.terms.created} created, ${summary.terms.updated} updated, ${summary.terms.rejected.length} rejected`,
      ...(summary.terms?.rejected.slice(0, 20).map((r) => `  line ${r.line}: ${r.error}`) ?? []),
      `Books: ${summary.books.created} created, ${summary.books.updated} updated`,
      `Chapters: ${summary.chapters.created} created, ${summary.chapters.updated} updated`,
      `Pages: ${summary.pages.created} created, ${summary.pages.updated} updated, ${summary.pages.failed.length} failed`,
      ...summary.pages.failed.map((f) => `  ${f.title}: ${f.error}`),
      `Term links: ${summary.termLinks.linked} linked, ${summary.termLinks.unknown} to unknown terms left as they were`,
      `${(summary.bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s, into ${describeDatabase(config)}`,
    ]
    console.log(lines.filter(Boolean).join('\n'))
    if (summary.pages.failed.length > 0) process.exitCode = 1
  } finally {
    await closeContentContext(content)
    await database.close()
  }
}

run().catch(exitWithError)
