// `npm run user:create -- NAME`: creates an administrator, or resets the password of an existing
// one (and ends its sessions). The password is read from standard input, never the command line.
import readline from 'node:readline'
import { ConfigError, loadConfig } from '../config.ts'
import { exitWithError } from '../lib/operator-error.ts'
import { openDatabase } from '../db/client.ts'
import { migrateDatabase } from '../db/migrate.ts'
import { RegisterInput } from '#shared/api/auth.ts'
import { ensureUser } from '../modules/auth/auth.service.ts'
import { describeDatabase, hasEmbeddedDatabase } from './database-place.ts'

async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) {
    process.stderr.write('Password: ')
    const rl = readline.createInterface({ input: process.stdin, terminal: true })
    // Hide what is typed.
    const write = rl as unknown as { _writeToOutput: (s: string) => void }
    write._writeToOutput = () => {}
    const password = await new Promise<string>((resolve) => rl.question('', resolve))
    rl.close()
    process.stderr.write('\n')
    return password
  }
  let input = ''
  for await (const chunk of process.stdin) input += chunk
  return input.replace(/\r?\n$/, '')
}

async function run() {
  const username = process.argv[2]
  if (!username)
    throw new ConfigError('Usage: npm run user:create -- NAME   (the password is read from standard input)')
  const password = await readPassword()
  const parsed = RegisterInput.safeParse({ username, password })
  if (!parsed.success) throw new ConfigError(parsed.error.issues[0]!.message)
  const config = loadConfig()
  // The way to make the first administrator before the first start, so it may make the database;
  // it says where, so a forgotten DATA_DIR shows at once.
  const isNew = !config.databaseUrl && !hasEmbeddedDatabase(config.dataDir)
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  try {
    await migrateDatabase(database)
    const { created } = await ensureUser(database.db, parsed.data.username, parsed.data.password, {
      resetPassword: true,
    })
    const where = `${describeDatabase(config)}${isNew ? ' (a new database)' : ''}`
    console.log(
      created
        ? `Created administrator ${parsed.data.username} in ${where}.`
        : `Reset the password of ${parsed.data.username} in ${where}.`,
    )
  } finally {
    await database.close()
  }
}

run().catch(exitWithError)
