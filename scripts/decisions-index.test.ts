// docs/decisions/README.md stays the index of every record: each NNN-title.md in the folder has its
// row (linked, numbered as its file), and each row links a record that exists.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const dir = path.resolve(import.meta.dirname, '../docs/decisions')
const index = fs.readFileSync(path.join(dir, 'README.md'), 'utf8')
const records = fs
  .readdirSync(dir)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort()
const rows = [...index.matchAll(/^\| \[(\d{3})\]\((\d{3}-[^)]+\.md)\)/gm)].map(([, number, file]) => ({
  number: number!,
  file: file!,
}))

describe('the decision records index', () => {
  it('has a row for every record, numbered as its file', () => {
    expect(rows.map((row) => row.file)).toEqual(records)
    for (const row of rows) expect(row.file.startsWith(`${row.number}-`), row.file).toBe(true)
  })
})
