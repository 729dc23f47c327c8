// Builds the real app on a fresh database for one test file: PGlite cloned from the template
// tarball, or a PostgreSQL database made from the template database (TEST_DB picks which).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, inject } from 'vitest'
import { buildApp, type App } from '../app.ts'
import type { TrustProxy } from '../config.ts'
import type { SetupCode } from '../modules/auth/first-run.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { ensureUser } from '../modules/auth/auth.service.ts'
import { makeChapter } from './factories.ts'
import { adminUrl, databaseUrl, randomName } from './postgres-admin.ts'

export interface TestContext {
  app: App
  database: Database
}

/**
 * A fresh database of the kind TEST_DB names: a copy of the migrated template, or with
 * `{ empty: true }` one with no tables at all (for migration tests). The caller disposes of it.
 */
export async function openTestDatabase(
  options: { empty?: boolean } = {},
): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const name = randomName('enc_test')
    const admin = new pg.Client({ connectionString: adminUrl() })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name}${options.empty ? '' : ` TEMPLATE ${inject('postgresTemplate')}`}`)
    const database = await openDatabase({ databaseUrl: databaseUrl(name), dataDir: '', poolSize: 5 })
    return {
      database,
      dispose: async () => {
        await database.close()
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
        await admin.end()
      },
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-test-'))
  const database = await openDatabase({
    dataDir: dir,
    ...(options.empty ? {} : { seedTarball: inject('pgliteTemplate') }),
  })
  return {
    database,
    dispose: async () => {
      await database.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Call at the top of a test file; the returned object is filled before the first test runs. */
export function useTestApp(
  options: {
    clientDir?: string
    donationUrl?: string
    trustProxy?: TrustProxy
    setupCode?: SetupCode
    metricsAllow?: string[]
  } = {},
): TestContext {
  const context = {} as TestContext
  let dispose: (() => Promise<void>) | undefined
  beforeAll(async () => {
    const opened = await openTestDatabase()
    dispose = opened.dispose
    context.database = opened.database
    context.app = await buildApp({
      database: opened.database,
      config: {
        sessionSecret: 'test-secret-test-secret-test-secret-0123',
        trustProxy: options.trustProxy ?? false,
        logLevel: 'silent',
        donationUrl: options.donationUrl,
        metricsAllow: options.metricsAllow,
      },
      clientDir: options.clientDir,
      logger: process.env.TEST_LOG ? { level: 'error' } : false,
      setupCode: options.setupCode,
    })
  })
  afterAll(async () => {
    await context.app?.close()
    await dispose?.()
  })
  return context
}

/**
 * A second app instance on the first one's database, as a second server process runs it: its own
 * caches and workers, and on PostgreSQL its own connection pool (PGlite is one process per data
 * directory, so there it shares the database). Call at the top of a test file, after useTestApp.
 */
export function useSecondApp(first: TestContext): TestContext {
  const context = {} as TestContext
  let ownPool = false
  beforeAll(async () => {
    const url =
      first.database.kind === 'postgres' ? (first.database.pool.options.connectionString as string) : undefined
    context.database = url ? await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 3 }) : first.database
    ownPool = context.database !== first.database
    context.app = await buildApp({
      database: context.database,
      config: { sessionSecret: 'second-instance-secret-second-instance-0123', trustProxy: false, logLevel: 'silent' },
      logger: false,
    })
  })
  afterAll(async () => {
    await context.app?.close()
    if (ownPool) await context.database.close()
  })
  return context
}

/** Creates (if needed) a user and logs in; returns the Cookie header value to send. */
export async function loginAs(ctx: TestContext, username = 'admin', password = 'correct horse battery') {
  await ensureUser(ctx.database.db, username, password, { resetPassword: false })
  const response = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } })
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`)
  return cookieHeader(response)
}

export function cookieHeader(response: { cookies: { name: string; value: string }[] }) {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ')
}

export interface LongPage {
  cookie: string
  chapterId: number
  page: { id: number; buildId: number; version: number }
}

/**
 * Saves, over the API as an administrator, a page of `paragraphs` numbered paragraphs of about
 * `words` words each in a new chapter: long enough for many reader chunks.
 */
export async function postLongPage(
  ctx: TestContext,
  { paragraphs, words, title = 'Pikk lehekülg', published = true }: LongPageShape,
): Promise<LongPage> {
  const cookie = await loginAs(ctx)
  const chapter = await makeChapter(ctx.database)
  const content = Array.from(
    { length: paragraphs },
    (_, i) => `<p>Lõik ${i}: dukkha ja nibbāna, ${'sõnad '.repeat(words)}</p>`,
  ).join('\n')
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/content',
    headers: { cookie },
    payload: { title, chapterId: chapter.id, content, published },
  })
  if (created.statusCode !== 201) throw new Error(`saving the page failed: ${created.statusCode} ${created.body}`)
  return { cookie, chapterId: chapter.id, page: created.json() }
}

interface LongPageShape {
  paragraphs: number
  words: number
  title?: string
  published?: boolean
}
