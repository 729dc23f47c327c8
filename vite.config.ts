import { createHash } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { build, defineConfig, type Plugin, type Rollup } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { deferAppScripts } from './client/features/first-view/app-loader.ts'
import { firstViewTemplates } from './client/features/first-view/frame.ts'
import { bootScript } from './client/features/reading-settings/choices.ts'

// The client is built into dist/client and served by the Fastify server (server/http/static.ts).
export default defineConfig({
  root: 'client',
  plugins: [react(), tailwindcss(), readingSettings(), firstView(), firstPaintShell(), serviceWorker(), precompress()],
  // One stylesheet, inlined into index.html (firstPaintShell): lazy chunks then name no stylesheet of
  // their own to load, which would fetch the inlined one again.
  build: { outDir: '../dist/client', emptyOutDir: true, sourcemap: false, cssCodeSplit: false },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
})

/**
 * Writes dist/client/first-view.json: the page frame and the home and reader templates the server
 * fills in, so a page's text is in its HTML (client/features/first-view/frame.ts).
 */
function firstView(): Plugin {
  return {
    name: 'first-view',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'first-view.json', source: JSON.stringify(firstViewTemplates()) })
    },
  }
}

/**
 * Puts the reading settings' boot script inline in index.html's <head>, so the stored theme, text
 * size and line width are on <html> before the first paint. The server allows it by the hash of the
 * bytes it finds in the built index.html (server/http/security-headers.ts; decision 029).
 */
function readingSettings(): Plugin {
  return {
    name: 'reading-settings',
    // Before the stylesheet: a script after one waits for it to load before it runs.
    transformIndexHtml: {
      order: 'pre',
      handler(html) {
        if (!html.includes('<title>')) throw new Error('index.html has no <title> to put the settings script before')
        return html.replace('<title>', () => `<script>${bootScript}</script>\n    <title>`)
      },
    },
  }
}

/**
 * Makes index.html paint from itself alone (decision 040): the entry's stylesheet goes inside it as a
 * <style> element instead of a <link> (no second request between the text and the screen), and the
 * entry script with its modulepreloads waits in a <template> until the first frame is drawn
 * (client/features/first-view/app-loader.ts).
 */
function firstPaintShell(): Plugin {
  return {
    name: 'first-paint-shell',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const index = bundle['index.html']
      if (index?.type !== 'asset') throw new Error('the client build has no index.html')
      let html = String(index.source)
      const links = [...html.matchAll(/\s*<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)">/g)]
      if (links.length !== 1) throw new Error(`index.html should name one stylesheet, not ${links.length}`)
      const [tag, fileName] = links[0]!
      const css = bundle[fileName!]
      if (css?.type !== 'asset') throw new Error(`index.html names ${fileName}, which the build did not make`)
      const style = String(css.source).replaceAll('</style', '<\\/style')
      html = html.replace(tag, () => `\n    <style>${style}</style>`)
      // Nothing else names it (one stylesheet: cssCodeSplit false), so it is not shipped twice.
      delete bundle[fileName!]
      index.source = deferAppScripts(html, stagedChunks(bundle))
    },
  }
}

/**
 * The chunks the entry imports dynamically (main.tsx starts the app in stages, decision 050) and
 * what they import statically: preloaded with the entry, so they are fetched at once.
 */
function stagedChunks(bundle: Rollup.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk')
  const entry = chunks.find((file) => file.isEntry)
  if (!entry) throw new Error('the client build has no entry chunk')
  const found = new Set<string>()
  const visit = (fileName: string) => {
    const file = bundle[fileName]
    if (found.has(fileName) || fileName === entry.fileName || file?.type !== 'chunk') return
    found.add(fileName)
    for (const imported of file.imports) visit(imported)
  }
  for (const staged of entry.dynamicImports) visit(staged)
  return [...found].map((fileName) => `/${fileName}`)
}

/** Modules of the administrator's side: a lazy chunk holding any of them is not precached. */
const ADMIN_CODE = /[\\/]client[\\/]features[\\/](?:admin|auth)[\\/]|[\\/]node_modules[\\/]@(?:tiptap|codemirror)[\\/]/

/** The shell's files that are not in the bundle: copied from client/public. */
const SHELL_PUBLIC_FILES = [
  '/manifest.webmanifest',
  '/icons/icon.svg',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/icon-maskable-512.png',
]

/**
 * Builds the service worker (client/sw/service-worker.ts) into dist/client/sw.js, a stable address,
 * with this build's app shell written in: index.html, the entry script with the chunks and styles it
 * imports at once, the manifest and icons. Lazy chunks are kept when first fetched. The build's id
 * names every file of the bundle, so any change makes a new worker, which replaces the old shell
 * (decision 032).
 */
function serviceWorker(): Plugin {
  return {
    name: 'service-worker',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk')
      const entries = chunks.filter((file) => file.isEntry)
      const entry = entries[0]
      if (!entry || entries.length > 1) throw new Error('the client build should have one entry chunk (index.html)')
      const shell = new Set<string>()
      const visit = (fileName: string) => {
        if (shell.has(fileName)) return
        shell.add(fileName)
        const file = bundle[fileName]
        if (file?.type !== 'chunk') return
        for (const css of file.viteMetadata?.importedCss ?? []) shell.add(css)
        for (const imported of file.imports) visit(imported)
        // The visitor's lazy parts too (the app itself, dialogs, popovers, the search page…), so they
        // open offline; never the administrator's screens or the login behind them. A lazy part is
        // judged by the module it was imported for: the app's own chunk holds a few auth modules
        // (the session), and judging it by any of its modules left the whole app out.
        for (const imported of file.dynamicImports) {
          const lazy = bundle[imported]
          if (lazy?.type === 'chunk' && !ADMIN_CODE.test(lazy.facadeModuleId ?? lazy.moduleIds.join('\n'))) {
            visit(imported)
          }
        }
      }
      visit(entry.fileName)
      const precache = ['/index.html', ...[...shell].sort().map((file) => `/${file}`), ...SHELL_PUBLIC_FILES]
      const id = createHash('sha256')
        .update(
          Object.values(bundle)
            .map((file) =>
              file.type === 'asset' && file.fileName === 'index.html' ? String(file.source) : file.fileName,
            )
            .sort()
            .join('\n'),
        )
        .digest('hex')
        .slice(0, 16)
      const output = await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: { __SW_BUILD__: JSON.stringify({ id, precache, entry: `/${entry.fileName}` }) },
        build: {
          write: false,
          minify: true,
          lib: {
            entry: path.resolve(import.meta.dirname, 'client/sw/service-worker.ts'),
            formats: ['iife'],
            name: 'sw',
          },
        },
      })
      const code = (Array.isArray(output) ? output : [output])
        .flatMap((result) => ('output' in result ? result.output : []))
        .find((file) => file.type === 'chunk')
      if (!code || code.type !== 'chunk') throw new Error('the service worker build gave no script')
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code.code })
    },
  }
}

/** Text files worth compressing; images and fonts in woff2 are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map|ico|ttf|otf|wasm)$/i

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every compressible
 * file of the build, the copied public files included, so the server sends them as they are
 * (@fastify/static `preCompressed`) and never compresses a file per request. Every compressible
 * file gets both, however small, so no encoding a browser accepts is ever missing.
 */
function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name))
      await Promise.all(
        files.map(async (file) => {
          const raw = await fs.readFile(file)
          const [br, gz] = await Promise.all([
            brotli(raw, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ])
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)])
        }),
      )
    },
  }
}
