// @vitest-environment happy-dom
// The rich-text view must not lose anything of a real page: HTML → TipTap document → HTML keeps
// every element, id, footnote anchor, link, data-term and lang, and the links section.
import { createDocument, getSchema } from '@tiptap/core'
import { Parser } from 'htmlparser2'
import { describe, expect, it } from 'vitest'
import { LINKS_MARKER } from '#shared/limits.ts'
import { libraryPages, testLibrary } from '../../../../../test-support/library-source.ts'
import { toEditorHtml } from './content-html.ts'
import { contentExtensions } from './content-schema.ts'
import { serializeContent } from './serialize-content.ts'

// The tiny test library: generated, or the real corpus's tiny/ with CORPUS_DIR set
const corpusPages = () => libraryPages(testLibrary('tiny').corpus)

const schema = getSchema(contentExtensions)

function roundTrip(text: string): string {
  return serializeContent(createDocument(toEditorHtml(text), schema), document)
}

/** Elements (with sorted attributes) and text with collapsed white space, in document order. */
function markupTokens(html: string): string[] {
  const tokens: string[] = []
  let text = ''
  const flush = () => {
    const collapsed = text.replace(/\s+/g, ' ').trim()
    if (collapsed) tokens.push(`"${collapsed}"`)
    text = ''
  }
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        flush()
        const sorted = Object.entries(attributes)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([key, value]) => `${key}=${value}`)
        tokens.push(`<${name}${sorted.length ? ` ${sorted.join(' ')}` : ''}>`)
      },
      ontext(data) {
        text += data
      },
      onclosetag(name) {
        flush()
        tokens.push(`</${name}>`)
      },
    },
    { decodeEntities: true },
  )
  parser.write(html)
  parser.end()
  flush()
  return tokens
}

function anchorsOf(html: string) {
  return markupTokens(html).filter((token) => /^<\w+ .*(id=|name=|href=|data-term=|lang=)/.test(token))
}

describe('the content editor schema', () => {
  const [firstPage] = corpusPages()

  it('keeps every element, attribute and text of the first tiny-corpus page', () => {
    const original = firstPage!.content
    const saved = roundTrip(original)
    expect(markupTokens(saved)).toEqual(markupTokens(original))
  })

  it('keeps every id, name, href, data-term and lang', () => {
    const original = firstPage!.content
    const anchors = anchorsOf(original)
    expect(anchors.some((token) => token.includes('name=_ftnref1'))).toBe(true)
    expect(anchors.some((token) => token.includes('data-term='))).toBe(true)
    expect(anchorsOf(roundTrip(original))).toEqual(anchors)
  })

  it('keeps the links section after the marker, once', () => {
    const saved = roundTrip(firstPage!.content)
    expect(saved.split(LINKS_MARKER)).toHaveLength(2)
    const [, links] = saved.split(`\n${LINKS_MARKER}\n`)
    const [, originalLinks] = firstPage!.content.split(`\n${LINKS_MARKER}\n`)
    expect(markupTokens(links!)).toEqual(markupTokens(originalLinks!))
  })

  it('keeps every page of the tiny corpus', () => {
    for (const page of corpusPages()) {
      expect(markupTokens(roundTrip(page.content)), page.title).toEqual(markupTokens(page.content))
    }
  })

  it('keeps block ids the server assigned, tables and verses', () => {
    const processed = [
      '<h2 id="translation">Translation</h2>',
      '<p id="p-so-i-have-heard">So I have heard.</p>',
      '<blockquote id="b-1"><p>line one<br>line two</p></blockquote>',
      '<ul id="u-1"><li><a href="#translation">Translation</a></li></ul>',
      '<table id="t-1"><tbody><tr><th>Pāli</th><th colspan="2">English</th></tr><tr><td>mettā</td><td>love</td><td><p>a</p><p>b</p></td></tr></tbody></table>',
      '<hr id="h-1">',
      '<p><a href="#_ftn12" name="_ftnref12" id="_ftnref12">[12]</a> <em>stress</em> <i lang="pi">sati</i></p>',
    ].join('\n')
    expect(markupTokens(roundTrip(processed))).toEqual(markupTokens(processed))
  })

  it('adds no target or rel to links and drops javascript: links but keeps their text', () => {
    const saved = roundTrip(
      '<p><a href="https://suttacentral.net/mn7">MN 7</a> <a href="javascript:alert(1)">x</a></p>',
    )
    expect(saved).toBe('<p><a href="https://suttacentral.net/mn7">MN 7</a> x</p>')
  })

  it('writes one top-level block per line and nothing for an empty document', () => {
    expect(roundTrip('<h1>A</h1><p>b</p>')).toBe('<h1>A</h1>\n<p>b</p>')
    expect(roundTrip('')).toBe('')
  })
})
