// Where API tests find the PostgreSQL server: TEST_PG_URL, default the machine's local server.
import { randomBytes } from 'node:crypto'

export const adminUrl = () => process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'

export function databaseUrl(name: string) {
  const url = new URL(adminUrl())
  url.pathname = `/${name}`
  return url.toString()
}

/** A database name unique to this run, safe to put into SQL unquoted. */
export const randomName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`
