// Once per API test run: a migrated template database that every test file clones.
// PGlite: a tarball of a migrated data directory. PostgreSQL: a template database on the server.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../db/client.ts'
import { migrateDatabase } from '../db/migrate.ts'
import { adminUrl, databaseUrl, randomName } from './postgres-admin.ts'
import pg from 'pg'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    postgresTemplate: string
  }
}

export default async function setup(project: TestProject) {
  if (project.name === 'api-postgres') {
    const template = randomName('enc_tpl')
    const admin = new pg.Client({ connectionString: adminUrl() })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${template}`)
    const database = await openDatabase({ databaseUrl: databaseUrl(template), dataDir: '', poolSize: 1 })
    await migrateDatabase(database)
    await database.close()
    project.provide('postgresTemplate', template)
    project.provide('pgliteTemplate', '')
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`)
      await admin.end()
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-tpl-'))
  const database = await openDatabase({ dataDir: path.join(dir, 'db') })
  await migrateDatabase(database)
  const tarball = path.join(dir, 'template.tar')
  await database.dump!(tarball)
  await database.close()
  project.provide('pgliteTemplate', tarball)
  project.provide('postgresTemplate', '')
  return () => fs.rmSync(dir, { recursive: true, force: true })
}
