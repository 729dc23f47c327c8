// The running code's version: package.json's, read once. Reported by GET /api/health, in the first
// line the server logs, in /metrics, and kept in the database by the version that migrated it.
import fs from 'node:fs'

function readVersion(): string {
  const text = fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')
  const { version } = JSON.parse(text) as { version?: unknown }
  return typeof version === 'string' ? version : 'unknown'
}

export const APP_VERSION = readVersion()
