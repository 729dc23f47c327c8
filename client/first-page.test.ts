// What a visitor's first page can load: the static imports reachable from client/main.tsx and from
// client/app.tsx, which main.tsx starts in stages (decision 050); any other `import()` ends the walk. The reader's budget is 200 KB gzip (npm run bench): zod, the form
// library and the editor are loaded only by the screens that need them, and admin code only behind
// AdminGate.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)([^'";]*?from\s+)?['"]([^'"]+)['"]/gm

function resolve(from: string, specifier: string): string {
  if (specifier.startsWith('#shared/')) return path.join(root, 'shared', specifier.slice('#shared/'.length))
  if (specifier.startsWith('#client/')) return path.join(root, 'client', specifier.slice('#client/'.length))
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier)
  // a package: its name
  return specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!
}

/** Project files (relative to the repository) and packages the entry reaches without import(). */
function firstPage(...entries: string[]) {
  const files = new Set<string>()
  const packages = new Set<string>()
  const queue = entries.map((entry) => path.join(root, entry))
  while (queue.length > 0) {
    const file = queue.pop()!
    const name = path.relative(root, file)
    if (files.has(name)) continue
    files.add(name)
    if (!/\.(ts|tsx)$/.test(file)) continue
    const source = fs.readFileSync(file, 'utf8')
    for (const match of source.matchAll(STATIC_IMPORT)) {
      const target = resolve(file, match[2]!)
      if (path.isAbsolute(target)) queue.push(target)
      else packages.add(target)
    }
  }
  return { files: [...files], packages: [...packages] }
}

describe("a visitor's first page", () => {
  const { files, packages } = firstPage('client/main.tsx', 'client/app.tsx')

  it('starts from an entry that holds only the first view: the libraries and the app come in stages', () => {
    const entry = firstPage('client/main.tsx')
    expect(entry.packages).toEqual([])
    expect(entry.files.filter((file) => file.endsWith('.tsx'))).toEqual(['client/main.tsx'])
    const source = fs.readFileSync(path.join(root, 'client/main.tsx'), 'utf8')
    expect(source).toContain("import('./app.tsx')")
  })

  it('reaches the reader', () => {
    expect(files).toContain('client/features/reader/Reader.tsx')
    expect(files).toContain('client/api/reader.ts')
    expect(packages).toContain('react-dom')
  })

  it('loads neither zod, the form library nor the editor', () => {
    expect(packages.filter((name) => /^(zod|react-hook-form|@hookform\/|@tiptap\/|prosemirror)/.test(name))).toEqual([])
    expect(files.filter((file) => file.startsWith('shared/api/'))).toEqual([])
  })

  it('leaves dialogs, popovers, the toaster and the desktop panels to lazy chunks (client/components/lazy-part.ts)', () => {
    expect(
      packages.filter((name) =>
        /^(@radix-ui\/react-(dialog|popover|toast|checkbox|alert-dialog)|react-resizable-panels)$/.test(name),
      ),
    ).toEqual([])
    const lazyParts = [
      'client/features/search/SearchDialogBody.tsx',
      'client/features/search/SearchPanel.tsx',
      'client/layout/PhoneMenuSheet.tsx',
      'client/features/reader/TocPopover.tsx',
      'client/features/reader/TermPopup.tsx',
      'client/layout/DesktopPanels.tsx',
      'client/layout/SidePanel.tsx',
      'client/features/feedback/FeedbackDialog.tsx',
      'client/components/ui/Toaster.tsx',
      'client/components/ui/Dialog.tsx',
    ]
    expect(files.filter((file) => lazyParts.includes(file))).toEqual([])
    // …and each of them is still reachable, through import()
    for (const file of lazyParts) expect(fs.existsSync(path.join(root, file)), file).toBe(true)
  })

  it('holds no admin code but the gate', () => {
    expect(files.filter((file) => file.startsWith('client/features/admin/'))).toEqual([
      'client/features/admin/AdminGate.tsx',
    ])
  })

  it("carries only the visitor's texts (the offline notice's among them) and the gate's", () => {
    expect(files.filter((file) => file.startsWith('client/texts/')).sort()).toEqual([
      'client/texts/admin-gate.ts',
      'client/texts/common.ts',
      'client/texts/offline.ts',
      'client/texts/reader.ts',
      'client/texts/search.ts',
    ])
  })
})
