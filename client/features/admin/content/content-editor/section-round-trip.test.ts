// @vitest-environment happy-dom
// A section through the rich-text view and back into its page: the footnote markers it holds come
// back as they were, and the rest of the page (the notes in the links section too) is untouched.
import { createDocument, getSchema } from '@tiptap/core'
import { describe, expect, it } from 'vitest'
import { findSection, pageHeadings, spliceSection } from '#shared/text/page-sections.ts'
import { libraryPages, testLibrary } from '../../../../../test-support/library-source.ts'
import { toEditorHtml } from './content-html.ts'
import { contentExtensions } from './content-schema.ts'
import { serializeContent } from './serialize-content.ts'

const schema = getSchema(contentExtensions)
const roundTrip = (html: string) => serializeContent(createDocument(toEditorHtml(html), schema), document)
const anchors = (html: string) => html.match(/<a [^>]*>/g) ?? []

// The pages as the pipeline stores them have heading ids; the tiny library's are given some here.
function withHeadingIds(text: string): string {
  let n = 0
  return text.replace(/<h([1-6])>/g, (_whole, level: string) => `<h${level} id="h-${++n}">`)
}

const pages = libraryPages(testLibrary('tiny').corpus)
  .map((page) => withHeadingIds(page.content))
  .filter((text) => text.includes('_ftnref') && pageHeadings(text).length > 1)

describe('a section edited in the rich-text view', () => {
  it('has pages with footnotes in sections to try', () => {
    expect(pages.length).toBeGreaterThan(0)
  })

  it('keeps every anchor of the section, and the page around it to the byte', () => {
    let tried = 0
    for (const text of pages) {
      for (const heading of pageHeadings(text)) {
        const section = findSection(text, heading.id)!
        if (!section.html.includes('_ftnref')) continue
        tried++
        const edited = roundTrip(section.html)
        expect(anchors(edited)).toEqual(anchors(section.html))
        const page = spliceSection(text, section, edited)
        expect(page.slice(0, section.start)).toBe(text.slice(0, section.start))
        expect(page.slice(section.start + edited.length)).toBe(text.slice(section.end))
      }
    }
    expect(tried).toBeGreaterThan(0)
  })
})
