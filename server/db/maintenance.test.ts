// Upkeep of the embedded database: VACUUM once after start and after enough writing, at a quiet
// moment or when it has waited too long; the search index's pending list merged soon after a save,
// whether or not anybody is asking.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from './client.ts'
import { Maintenance, MERGE_MAX_WAIT_MS } from './maintenance.ts'
import { migrateDatabase } from './migrate.ts'

const MB = 1024 * 1024
let dataDir: string
let database: Database
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-maintenance-'))
  database = await openDatabase({ dataDir })
  await migrateDatabase(database)
  await database.pool.query('CREATE TABLE kept (id int, body text)')
}, 120_000)
afterAll(async () => {
  await database?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const lastVacuum = async () =>
  (
    await database.pool.query<{ at: Date | null }>(
      "SELECT last_vacuum AS at FROM pg_stat_user_tables WHERE relname = 'kept'",
    )
  ).rows[0]!.at

async function found(word: string) {
  const { rows } = await database.pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM search_passages WHERE search_vector @@ to_tsquery('simple', $1)",
    [word],
  )
  return rows[0]!.n
}

describe('upkeep of the embedded database', { timeout: 60_000 }, () => {
  const logged: string[] = []
  const log = { info: (_: object, m: string) => logged.push(m), error: (_: object, m: string) => logged.push(m) }
  let quiet = false
  let clock = 0
  const vacuumMaxWaitMs = 60_000
  const maintenance = (vacuumAfterBytes = 2 * MB) =>
    new Maintenance(database, {
      log,
      vacuumAfterBytes,
      vacuumMaxWaitMs,
      now: () => clock,
      whenQuiet: async () => quiet,
    })

  it('vacuums once after start, then only after enough was written, and only when quiet', async () => {
    const upkeep = maintenance()
    quiet = false
    await upkeep.check() // due (never vacuumed), but the server is busy
    expect(upkeep.vacuums).toBe(0)
    expect(await lastVacuum()).toBeNull()
    quiet = true
    await upkeep.check()
    expect(upkeep.vacuums).toBe(1)
    expect(await lastVacuum()).not.toBeNull()
    expect(logged).toEqual(['embedded database vacuumed'])

    // Little written since: nothing more to do (the first look also merged what a last run left).
    await database.pool.query("INSERT INTO kept VALUES (1, 'one')")
    await upkeep.check()
    expect([upkeep.vacuums, upkeep.merges]).toEqual([1, 1])

    // A save's worth of rows written and superseded: vacuumed at the next quiet moment.
    await database.pool.query("INSERT INTO kept SELECT g, repeat('x', 500) FROM generate_series(2, 20001) g")
    await database.pool.query('DELETE FROM kept WHERE id > 1')
    await upkeep.check()
    expect(upkeep.vacuums).toBe(2)
  })

  it('a due VACUUM that found no quiet moment for too long runs anyway', async () => {
    const upkeep = maintenance()
    quiet = false
    clock = 0
    await upkeep.check() // due (never vacuumed): waits
    clock = vacuumMaxWaitMs - 1
    await upkeep.check()
    expect(upkeep.vacuums).toBe(0)
    clock = vacuumMaxWaitMs
    await upkeep.check()
    expect(upkeep.vacuums).toBe(1)
    // the wait starts again with the next due VACUUM
    await database.pool.query("INSERT INTO kept SELECT g, repeat('x', 500) FROM generate_series(2, 20001) g")
    await database.pool.query('DELETE FROM kept WHERE id > 1')
    clock += 1
    await upkeep.check()
    expect(upkeep.vacuums).toBe(1)
    clock += vacuumMaxWaitMs
    await upkeep.check()
    expect(upkeep.vacuums).toBe(2)
  })

  it("merges the search index's pending list after a save, busy or not; searches find the rows before and after", async () => {
    const upkeep = maintenance(64 * MB)
    quiet = true
    await upkeep.check() // the first look vacuums
    logged.length = 0
    const [build] = (
      await database.pool.query<{ id: number }>("INSERT INTO reader_builds (anchors) VALUES ('[]') RETURNING id")
    ).rows
    await database.pool.query(
      `INSERT INTO search_passages (build_id, position, anchor, heading, text)
       SELECT $1, g, 'p' || g, 'Pealkiri', 'nibbāna ja ' || repeat('sõna' || (g % 97) || ' ', 60)
       FROM generate_series(1, 3000) g`,
      [build!.id],
    )
    expect(await found('nibbana')).toBe(3000) // from the pending list
    const merges = upkeep.merges
    quiet = false // readers keep asking: the merge does not wait for them
    await upkeep.check()
    expect(upkeep.merges).toBe(merges + 1)
    expect(logged).toEqual(['search index merged'])
    expect(await found('nibbana')).toBe(3000) // from the index itself
    // Nothing written since: no merge.
    await upkeep.check()
    expect(upkeep.merges).toBe(merges + 1)
  })

  it("waits for administrators' writes to settle before it merges", async () => {
    let settle!: () => void
    const asked: number[] = []
    const upkeep = new Maintenance(database, {
      log,
      vacuumAfterBytes: 64 * MB,
      vacuumMaxWaitMs,
      now: () => clock,
      whenQuiet: async () => true,
      whenWritesSettled: (maxWaitMs) => {
        asked.push(maxWaitMs)
        return new Promise<void>((resolve) => (settle = resolve))
      },
    })
    const first = upkeep.check() // the first look merges (and vacuums)
    await expect.poll(() => asked.length).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(upkeep.merges).toBe(0)
    settle()
    await first
    expect(upkeep.merges).toBe(1)
    expect(asked).toEqual([MERGE_MAX_WAIT_MS])
  })
})
