// Figure 8: the reader's JavaScript and CSS as gzip bytes: what dist's index.html makes a visitor's
// first page load (index.html itself, which carries the stylesheet, then the entry script and
// modulepreloads it starts after the first frame), built afresh into a temporary folder.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { notMeasured, type Figure } from './lib/results.ts'
import { repoRoot } from './lib/server.ts'

const TARGET_KB = 200

export function firstPageAssets(outDir: string): string[] {
  const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8')
  const links = [
    ...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="(?:modulepreload|stylesheet)"/g),
  ].map((m) => m[1]!)
  return ['/index.html', ...new Set(links)].filter((href) => href.startsWith('/'))
}

export function gzipSize(file: string) {
  return zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length
}

export async function bundleFigure(): Promise<Figure> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-client-'))
  try {
    const built = spawnSync(
      process.execPath,
      [
        path.join(repoRoot, 'node_modules/vite/bin/vite.js'),
        'build',
        '--outDir',
        outDir,
        '--emptyOutDir',
        '--logLevel',
        'error',
      ],
      { cwd: repoRoot, encoding: 'utf8' },
    )
    if (built.status !== 0)
      return notMeasured(
        'reader JavaScript + CSS, gzip',
        `< ${TARGET_KB} KB`,
        `vite build failed: ${built.stderr.slice(0, 200)}`,
      )
    const assets = firstPageAssets(outDir)
    const sizes = assets.map((href) => ({ href, bytes: gzipSize(path.join(outDir, href)) }))
    const total = sizes.reduce((sum, s) => sum + s.bytes, 0) / 1024
    const js = sizes.filter((s) => s.href.endsWith('.js')).reduce((sum, s) => sum + s.bytes, 0) / 1024
    return {
      figure: 'reader JavaScript + CSS, gzip (first page)',
      value: total,
      unit: 'KB',
      baseline: null,
      ratio: null,
      target: `< ${TARGET_KB} KB`,
      pass: total < TARGET_KB,
      note: `index.html with its inline stylesheet and ${sizes.length - 1} files it names (JS ${js.toFixed(0)} KB); lazy route chunks are counted by the browser figure`,
    }
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true })
  }
}
