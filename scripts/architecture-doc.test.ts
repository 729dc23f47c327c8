// docs/ARCHITECTURE.md stays true: every file and folder its map names exists, and so does every
// path it quotes in the text. (A module renamed or moved without the map fails here.)
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const doc = fs.readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8')

const exists = (relative: string) => fs.existsSync(path.join(root, relative))

/** Files under `dir` (recursively) whose name is `name`. */
function findUnder(dir: string, name: string): boolean {
  const full = path.join(root, dir)
  if (!fs.existsSync(full) || !fs.statSync(full).isDirectory()) return false
  const skipped = new Set(['node_modules', '.git', 'dist', 'test-results'])
  const walk = (at: string): boolean =>
    fs.readdirSync(at, { withFileTypes: true }).some((entry) => {
      if (entry.name === name) return true
      return entry.isDirectory() && !skipped.has(entry.name) && walk(path.join(at, entry.name))
    })
  return walk(full)
}

// Not after `<part>`: placeholders name a pattern, not a file.
const FILE_NAME = /(?<![>\w.-])(?:[\w.-]+\/)*[\w.-]+\.(?:ts|tsx|md|json|sql|css)\b/g

/** What the maps (the code blocks: the folders, then every file) name, each with where it must be. */
export function namesInMap(markdown: string): { name: string; where: string; line: string }[] {
  return [...markdown.matchAll(/```\n([\s\S]*?)```/g)].flatMap((block) => namesInBlock(block[1]!))
}

function namesInBlock(block: string): { name: string; where: string; line: string }[] {
  const found: { name: string; where: string; line: string }[] = []
  const dirs: string[] = [] // dirs[level] = the folder a name at that indentation lives in
  let context = '' // the folder the current line's description speaks of
  for (const line of block.split('\n')) {
    if (!line.trim()) continue
    const indent = line.length - line.trimStart().length
    const isContinuation = indent >= 20
    let description = line
    if (!isContinuation) {
      const level = indent / 2
      const parent = dirs.slice(0, level).join('')
      const [names = '', ...rest] = line.trim().split(/\s{2,}/)
      description = rest.join(' ')
      context = parent
      for (const name of names.split(/,\s*/)) {
        if (name.includes('<') || name.includes('…')) continue
        const where = parent + name
        found.push({ name, where, line })
        if (name.endsWith('/')) context = where
      }
      const last = names.split(/,\s*/).at(-1) ?? ''
      dirs.length = level
      dirs[level] = last.endsWith('/') && !last.includes('<') ? last : ''
    }
    for (const match of description.matchAll(FILE_NAME)) {
      const name = match[0]
      found.push({ name, where: name.includes('/') ? name : `${context}**/${name}`, line })
    }
  }
  return found
}

describe('docs/ARCHITECTURE.md', () => {
  it('names only files and folders that exist', () => {
    const names = namesInMap(doc)
    expect(names.length).toBeGreaterThan(40)
    const missing = names.filter(({ where }) => {
      if (!where.includes('**/')) return !exists(where)
      const [dir, name] = where.split('**/') as [string, string]
      return !findUnder(dir || '.', name)
    })
    expect(missing.map((m) => `${m.where}   (in: ${m.line.trim()})`)).toEqual([])
  })

  it('quotes only paths that exist in its text', () => {
    const quoted = [...doc.matchAll(/`([\w.-]+\/[\w./-]+)`/g)].map((m) => m[1]!).filter((p) => !p.startsWith('/'))
    expect(quoted.length).toBeGreaterThan(0)
    expect(quoted.filter((p) => !exists(p))).toEqual([])
  })

  it('would notice a module that is not there', () => {
    const names = namesInMap('```\nserver/\n  nowhere/          a module that was renamed\n```\n')
    expect(names.map((n) => n.where)).toEqual(['server/', 'server/nowhere/'])
    expect(exists('server/nowhere/')).toBe(false)
  })
})
