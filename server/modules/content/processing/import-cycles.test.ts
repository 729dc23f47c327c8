// No file of the pipeline imports itself through others (sanitize.ts and term-links.ts once did):
// a cycle makes the order the files load in matter. ESLint's import/no-cycle is not installed, so
// the relative imports between this folder's files are read here.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const folder = import.meta.dirname
const IMPORT_FROM = /^import\s[^']*?\sfrom\s+'\.\/([\w.-]+\.ts)'/gm

function importsByFile(): Map<string, string[]> {
  const files = fs.readdirSync(folder).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  return new Map(
    files.map((name) => {
      const source = fs.readFileSync(path.join(folder, name), 'utf8')
      return [name, [...source.matchAll(IMPORT_FROM)].map((match) => match[1] ?? '')]
    }),
  )
}

/** The first cycle found, as the files along it (the first again at the end), or null. */
function firstCycle(graph: Map<string, string[]>): string[] | null {
  const done = new Set<string>()
  const visit = (file: string, trail: string[]): string[] | null => {
    const at = trail.indexOf(file)
    if (at !== -1) return [...trail.slice(at), file]
    if (done.has(file)) return null
    for (const next of graph.get(file) ?? []) {
      const cycle = visit(next, [...trail, file])
      if (cycle) return cycle
    }
    done.add(file)
    return null
  }
  for (const file of graph.keys()) {
    const cycle = visit(file, [])
    if (cycle) return cycle
  }
  return null
}

describe('the processing files', () => {
  it('import one another without a cycle', () => {
    const graph = importsByFile()
    expect(graph.get('sanitize.ts')).toContain('term-links.ts')
    expect(firstCycle(graph)).toBeNull()
  })

  it('finds a cycle where there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
    ])
    expect(firstCycle(graph)).toEqual(['a.ts', 'b.ts', 'c.ts', 'a.ts'])
  })
})
