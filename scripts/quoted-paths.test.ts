// The CI script, the npm scripts and README name test files and folders by path. A file moved
// without them fails here, not 25 minutes into CI ("No test files found").
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')

// A repository path: starts at one of our top folders and ends in a file name with an extension.
const QUOTED_PATH =
  /(?<![\w./-])(?:server|client|shared|e2e|drill|bench|scripts|docs)\/[\w./-]*\.(?:ts|tsx|md|json|sql|sh)\b/g

// Written by a run, not kept in the repository.
const WRITTEN_BY_A_RUN = new Set(['bench/results.json'])

export function quotedPaths(text: string): string[] {
  return [...new Set([...text.matchAll(QUOTED_PATH)].map((match) => match[0]))]
}

describe('paths quoted by CI, npm scripts and README', () => {
  it('finds paths in a text and nothing else', () => {
    expect(quotedPaths('npx vitest run server/a/b.api.test.ts -t x; see docs/x.md, not xserver/y.ts')).toEqual([
      'server/a/b.api.test.ts',
      'docs/x.md',
    ])
  })

  for (const file of ['.ci/run', 'package.json', 'README.md']) {
    it(`every path in ${file} exists`, () => {
      const text = fs.readFileSync(path.join(root, file), 'utf8')
      const missing = quotedPaths(text).filter(
        (quoted) => !WRITTEN_BY_A_RUN.has(quoted) && !fs.existsSync(path.join(root, quoted)),
      )
      expect(missing).toEqual([])
    })
  }
})
