// POST /api/admin/backups: an administrator's backup now (embedded database); PostgreSQL's are pg_dump's.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { BackupMade } from '#shared/api/backups.ts'
import { loginAs, useTestApp } from '../../test/test-app.ts'
import { PG_DUMP_NEEDED } from './backups.routes.ts'

const ctx = useTestApp()

describe('POST /api/admin/backups', () => {
  it('is for administrators only', async () => {
    const answer = await ctx.app.inject({ method: 'POST', url: '/api/admin/backups' })
    expect(answer.statusCode).toBe(401)
  })

  it('writes a compressed backup of the embedded database now; on PostgreSQL it points to pg_dump', async () => {
    const cookie = await loginAs(ctx)
    const answer = await ctx.app.inject({ method: 'POST', url: '/api/admin/backups', headers: { cookie } })
    if (ctx.database.kind === 'postgres') {
      expect(answer.statusCode).toBe(409)
      expect(answer.json()).toEqual({ error: PG_DUMP_NEEDED, code: 'conflict' })
      return
    }
    expect(answer.statusCode, answer.body).toBe(201)
    const made = BackupMade.strict().parse(answer.json())
    expect(made.file).toMatch(/^backup-\d{8}-\d{6}\.tar\.gz$/)
    const file = path.join(ctx.database.dataDir!, 'backups', made.file)
    expect(fs.statSync(file).size).toBe(made.bytes)
    expect(made.bytes).toBeGreaterThan(0)
  })
})
