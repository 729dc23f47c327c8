import { describe, expect, it } from 'vitest'
import { LINKS_MARKER } from '../limits.ts'
import { findSection, pageHeadings, rebaseSection, spliceSection } from './page-sections.ts'

const page = [
  '<p id="intro">Before any heading</p>',
  '<h1 id="a">A</h1>',
  '<p id="a1">in A</p>',
  '<h2 id="a-b">A.B <em>emphasised</em></h2>',
  '<p id="ab1">in A.B<a href="#_ftn1" name="_ftnref1">[1]</a></p>',
  '<h3 id="a-b-c">A.B.C</h3>',
  '<p id="abc1">deep</p>',
  '<h2 id="a-d">A.D</h2>',
  '<blockquote id="q"><h4>quoted heading</h4><p>verse</p></blockquote>',
  '<h1 id="e">E</h1>',
  '<p id="e1">last<a href="#_ftn2" name="_ftnref2">[2]</a></p>',
  LINKS_MARKER,
  '<p id="_ftn1"><a href="#_ftnref1" name="_ftn1">[1]</a> first note</p>',
  '<h1 id="in-links">Not a section</h1>',
  '<p id="_ftn2"><a href="#_ftnref2" name="_ftn2">[2]</a> second note</p>',
].join('\n')

describe('pageHeadings', () => {
  it('lists the top-level headings of the main content only, with level, id and text', () => {
    expect(pageHeadings(page).map(({ level, id, text }) => ({ level, id, text }))).toEqual([
      { level: 1, id: 'a', text: 'A' },
      { level: 2, id: 'a-b', text: 'A.B emphasised' },
      { level: 3, id: 'a-b-c', text: 'A.B.C' },
      { level: 2, id: 'a-d', text: 'A.D' },
      { level: 1, id: 'e', text: 'E' },
    ])
  })

  it('skips comments, void elements and attributes holding ">"', () => {
    const text =
      '<!-- <h1 id="x">no</h1> --><p title="a > b">x<br>y<img src="i.png"/></p>\n<h2 id=\'y\' class="c">Y</h2>'
    expect(pageHeadings(text).map((heading) => heading.id)).toEqual(['y'])
  })

  it('decodes character references in the heading text', () => {
    expect(pageHeadings('<h2 id="r">Rock &amp; roll&#160;&#x21;&nbsp;&bogus;</h2>')[0]!.text).toBe(
      'Rock & roll ! &bogus;',
    )
  })

  it('gives a heading without an id an empty id', () => {
    expect(pageHeadings('<h2>plain</h2>')).toEqual([{ level: 2, id: '', text: 'plain', start: 0, headingEnd: 14 }])
  })
})

describe('findSection', () => {
  it.each([
    ['a', '<h1 id="a">', '<p id="a1">in A</p>', '<p id="abc1">deep</p>', '</blockquote>'],
    ['a-b', '<h2 id="a-b">', '<p id="abc1">deep</p>', '<p id="abc1">deep</p>', '</p>'],
    ['a-b-c', '<h3 id="a-b-c">', '<p id="abc1">deep</p>', '<p id="abc1">deep</p>', '<p id="abc1">deep</p>'],
    ['a-d', '<h2 id="a-d">', '<h4>quoted heading</h4>', '<blockquote', '</blockquote>'],
  ])('section %s runs to the next heading of the same or a higher level', (id, starts, holds, alsoHolds, ends) => {
    const section = findSection(page, id)!
    expect(section.html.startsWith(starts)).toBe(true)
    expect(section.html).toContain(holds)
    expect(section.html).toContain(alsoHolds)
    expect(section.html.endsWith(ends)).toBe(true)
    expect(page.slice(section.start, section.end)).toBe(section.html)
  })

  it('ends the last section before the links section, never taking the marker or the notes', () => {
    const section = findSection(page, 'e')!
    expect(section.html).toBe('<h1 id="e">E</h1>\n<p id="e1">last<a href="#_ftn2" name="_ftnref2">[2]</a></p>')
    expect(findSection(page, 'in-links')).toBeNull()
  })

  it('ends the last section at the end of a page without a links section, trailing white space left out', () => {
    const text = '<h2 id="only">Only</h2>\n<p>text</p>\n\n'
    expect(findSection(text, 'only')!.html).toBe('<h2 id="only">Only</h2>\n<p>text</p>')
  })

  it('tells headings with the same text apart by their ids', () => {
    const text = '<h2 id="notes">Notes</h2>\n<p>one</p>\n<h2 id="notes-2">Notes</h2>\n<p>two</p>'
    expect(findSection(text, 'notes')!.html).toBe('<h2 id="notes">Notes</h2>\n<p>one</p>')
    expect(findSection(text, 'notes-2')!.html).toBe('<h2 id="notes-2">Notes</h2>\n<p>two</p>')
  })

  it('finds nothing for an unknown or empty id', () => {
    expect(findSection(page, 'nope')).toBeNull()
    expect(findSection('<h2>plain</h2>', '')).toBeNull()
  })
})

describe('spliceSection', () => {
  it('puts a section back byte-exactly, the rest and the links section untouched', () => {
    const section = findSection(page, 'a-b')!
    expect(spliceSection(page, section, section.html)).toBe(page)
    const edited = spliceSection(
      page,
      section,
      '<h2 id="a-b">A.B</h2>\n<p>new<a href="#_ftn1" name="_ftnref1">[1]</a></p>',
    )
    expect(edited.slice(0, section.start)).toBe(page.slice(0, section.start))
    expect(edited.endsWith(page.slice(section.end))).toBe(true)
    expect(edited).toContain('<p id="_ftn1"><a href="#_ftnref1" name="_ftn1">[1]</a> first note</p>')
    expect(findSection(edited, 'a-d')!.html).toBe(findSection(page, 'a-d')!.html)
  })

  it('keeps CRLF line ends and the white space between sections', () => {
    const text = '<h1 id="x">X</h1>\r\n<p>x</p>\r\n\r\n<h1 id="y">Y</h1>\r\n<p>y</p>'
    const section = findSection(text, 'x')!
    expect(section.html).toBe('<h1 id="x">X</h1>\r\n<p>x</p>')
    expect(spliceSection(text, section, '<h1 id="x">X</h1>\n<p>changed</p>')).toBe(
      '<h1 id="x">X</h1>\n<p>changed</p>\r\n\r\n<h1 id="y">Y</h1>\r\n<p>y</p>',
    )
  })
})

describe('rebaseSection', () => {
  const based = findSection(page, 'a-d')!
  const edit = '<h2 id="a-d">A.D</h2>\n<p>mine</p>'

  it('puts the section into a newer text where only other sections changed', () => {
    const newer = page.replace('in A</p>', 'in A, edited by someone else</p>')
    const outcome = rebaseSection(newer, based, edit)
    expect(outcome).toEqual({ ok: true, text: newer.replace(based.html, edit) })
  })

  it.each([
    ['renamed', page.replace('<h2 id="a-d">A.D</h2>', '<h2 id="a-d-new">A.D new</h2>'), 'heading-missing'],
    ['removed', page.replace('<h2 id="a-d">A.D</h2>\n', ''), 'heading-missing'],
    ['raised a level', page.replace('<h2 id="a-d">A.D</h2>', '<h1 id="a-d">A.D</h1>'), 'section-changed'],
    ['edited', page.replace('<p>verse</p>', '<p>other verse</p>'), 'section-changed'],
  ])('refuses when someone else %s the section meanwhile', (_what, newer, reason) => {
    expect(rebaseSection(newer, based, edit)).toEqual({ ok: false, reason })
  })
})
