// The page shell's inline script (the reading settings, decision 029) runs under the strict CSP
// because the CSP names its sha256: worked out at start from the index.html the app serves. Every
// HTML answer (home, a reader page, another client path, an unknown one, a missing page) must carry
// a CSP that allows exactly the inline scripts in its own bytes, and nothing inline besides.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { contentPages } from '../db/schema.ts'
import { processPage } from '../modules/content/processing/process-page.ts'
import { makeChapter, showProcessed } from '../test/factories.ts'
import { useTestApp } from '../test/test-app.ts'
import { inlineScriptHashes, SECURITY_HEADERS } from './security-headers.ts'

// As the build writes it: the boot script before the title (non-ASCII text, so the hash is of UTF-8
// bytes), the module script by src.
const BOOT = '(function(){try{document.documentElement.setAttribute("data-x","õ")}catch(e){}})()'
const INDEX = [
  '<!doctype html><html lang="et"><head><meta charset="UTF-8" />',
  `<script>${BOOT}</script>`,
  '<title>Õpetuste entsüklopeedia</title>',
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '</head><body><div id="root"></div></body></html>',
].join('\n')
const TEMPLATES = {
  frame: '<div data-first-view="">{{main}}</div>',
  reader: '<h1>{{title}}</h1>{{pager}}{{chunk}}',
  home: '<h1>Tere tulemast</h1>',
  homeLinkActive: '',
  homeLink: '',
  pager: '<nav>{{links}}</nav>',
  previousLink: '<a href="/content/{{id}}" rel="prev">{{title}}</a>',
  nextLink: '<a href="/content/{{id}}" rel="next">{{title}}</a>',
}
const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inline-csp-client-'))
fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX)
fs.writeFileSync(path.join(clientDir, 'first-view.json'), JSON.stringify(TEMPLATES))
const ctx = useTestApp({ clientDir })
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }))

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64')}'`

/** The script-src sources of a CSP header. */
function scriptSources(csp: unknown) {
  const directive = String(csp)
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([name]) => name === 'script-src')
  expect(directive, String(csp)).toBeDefined()
  return directive!.slice(1)
}

/** The text of every script element the page runs (not its data blocks), as the browser hashes it. */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=/.test(attributes!) && !/type="application\/json"/.test(attributes!))
    .map(([, , text]) => text!)
}

async function publishedPage() {
  const chapter = await makeChapter(ctx.database, { title: 'Peatükk' })
  const processed = processPage({ content: '<p>Esimene lõik.</p><script>alert(1)</script>' })
  const [page] = await ctx.database.db
    .insert(contentPages)
    .values({
      chapterId: chapter.id,
      title: 'Lehekülg </script><script>x()</script>',
      order: 1,
      content: processed.processedContent,
      published: true,
      blockCount: processed.blocks.length,
    })
    .returning()
  await showProcessed(ctx.database.db, page!.id, processed)
  return page!.id
}

describe('the inline script and the CSP', () => {
  it('every HTML answer allows exactly its own inline scripts by hash, and nothing inline else', async () => {
    const id = await publishedPage()
    const urls = ['/', `/content/${id}`, '/lexicon', '/no-such-page/at/all', '/content/99999999', '/content/abc']
    for (const [index, url] of urls.entries()) {
      const response = await ctx.app.inject({ url })
      // The last three are no page: the same shell, with 404 (decision 047).
      expect(response.statusCode, url).toBe(index < 3 ? 200 : 404)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      const scripts = inlineScripts(response.body)
      expect(scripts, url).toEqual([BOOT])
      const sources = scriptSources(response.headers['content-security-policy'])
      expect(sources, url).toEqual(["'self'", sha256(BOOT)])
      expect(sources.join(' ')).not.toMatch(/unsafe-inline|unsafe-eval|nonce-/)
    }
    // the reader page's first view really is in it (its data block is no script)
    const page = await ctx.app.inject({ url: `/content/${id}` })
    expect(page.body).toContain('data-first-view')
    expect(page.body).toContain('id="first-view-data"')
  })

  it('the same headers on the API and on answers sent before routing', async () => {
    const id = await publishedPage()
    const home = await ctx.app.inject({ url: '/' })
    for (const url of ['/api/health', `/api/content/${id}/chunks?chunk=0`, `/api/content/${id}/chunks?chunk=0`]) {
      const response = await ctx.app.inject({ url })
      expect(response.headers['content-security-policy'], url).toBe(home.headers['content-security-policy'])
    }
  })

  it('an app without a client build keeps script-src to itself', () => {
    expect(scriptSources(SECURITY_HEADERS['content-security-policy'])).toEqual(["'self'"])
  })
})

describe('inlineScriptHashes', () => {
  it('hashes classic and module scripts without src, and skips data blocks and scripts by src', () => {
    const html = [
      '<script>a()</script>',
      '<SCRIPT type="module">b()</SCRIPT >',
      "<script type='text/javascript'>c()</script>",
      '<script src="/x.js"></script>',
      '<script type="module" src="/y.js"></script>',
      '<script type="application/json" id="d">{"a":1}</script>',
      '<script type="importmap">{}</script>',
      '<script>a()</script>',
      '<script>\n  õ()\n</script>',
    ].join('')
    expect(inlineScriptHashes(html)).toEqual([sha256('a()'), sha256('b()'), sha256('c()'), sha256('\n  õ()\n')])
    expect(inlineScriptHashes('')).toEqual([])
  })
})
