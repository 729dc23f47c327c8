// The command-line tools as an operator runs them, on temporary DATA_DIRs (decision 058): import and
// backup never make a new embedded database; user:create and restore say where they worked.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'enc-cli-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

function run(script: string, args: string[], env: Record<string, string>, input?: string) {
  const inherited = { ...process.env }
  delete inherited.DATABASE_URL // the embedded database, whatever the shell says
  return spawnSync(process.execPath, ['--import', 'tsx', `server/cli/${script}.ts`, ...args], {
    cwd: root,
    env: { ...inherited, ...env },
    encoding: 'utf8',
    input,
  })
}

describe('import and backup on a DATA_DIR without a database', { timeout: 120_000 }, () => {
  const library = path.join(tmp, 'library.json')
  fs.writeFileSync(library, JSON.stringify({ books: [] }))

  it('refuse, name the absolute directory they looked at, and create nothing', () => {
    const missing = path.join(tmp, 'missing')
    const empty = path.join(tmp, 'empty')
    fs.mkdirSync(empty)
    // Given relative, as a forgotten or mistyped DATA_DIR usually is.
    for (const dataDir of [path.relative(root, missing), empty]) {
      for (const [script, args] of [
        ['import', [library]],
        ['backup', []],
      ] as const) {
        const result = run(script, [...args], { DATA_DIR: dataDir })
        expect(result.status, result.stderr).toBe(1)
        expect(result.stderr).toContain(`there is no database in ${path.resolve(root, dataDir)} (DATA_DIR)`)
        expect(result.stderr.trim().split('\n')).toHaveLength(1)
      }
    }
    expect(fs.existsSync(missing)).toBe(false)
    expect(fs.readdirSync(empty)).toEqual([])
  })
})

describe('user:create, backup and restore say where they work', { timeout: 180_000 }, () => {
  it('creates the administrator in a new database it names, backs it up, restores it into a new place', () => {
    const first = path.join(tmp, 'first')
    const created = run('user-create', ['operator'], { DATA_DIR: first }, 'a long enough password\n')
    expect(created.status, created.stderr).toBe(0)
    expect(created.stdout).toContain(
      `Created administrator operator in the embedded database in ${first} (a new database).`,
    )
    const reset = run('user-create', ['operator'], { DATA_DIR: first }, 'another long password\n')
    expect(reset.stdout).toContain(`Reset the password of operator in the embedded database in ${first}.`)

    const backup = run('backup', [], { DATA_DIR: first })
    expect(backup.status, backup.stderr).toBe(0)
    expect(backup.stdout).toContain(`Backup of the embedded database in ${first} written: `)
    const file = path.join(first, 'backups', fs.readdirSync(path.join(first, 'backups'))[0]!)

    // Restoring into a place with no database is what a new machine needs: allowed, and said so.
    const second = path.join(tmp, 'second')
    const restored = run('restore', [file], { DATA_DIR: second })
    expect(restored.status, restored.stderr).toBe(0)
    expect(restored.stdout).toContain(`Restored ${file} into ${second} (DATA_DIR). It held no database before`)
  })
})
