// Stored rich text (term descriptions) is hostile until cleaned: an allowlist of formatting tags,
// links only to http(s), mailto, relative paths and #anchors, no styles, scripts or handlers.
import sanitize from 'sanitize-html'
import { ALLOWED_TAGS } from './html-allowlist.ts'

// A description is short rich text from the term editor (decision 017), a part of what pages keep:
// paragraphs, lists, quotes, headings to h4 and inline formatting. Tables, pictures, figures, code,
// small print, rules, divisions and definition lists are a page's, not a description's.
const NOT_IN_DESCRIPTIONS: ReadonlySet<string> = new Set([
  'hr',
  'h5',
  'h6',
  'small',
  'div',
  'dl',
  'dt',
  'dd',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'colgroup',
  'col',
  'img',
  'figure',
  'figcaption',
  'pre',
  'code',
])

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...ALLOWED_TAGS].filter((tag) => !NOT_IN_DESCRIPTIONS.has(tag)),
  // Of the attributes pages keep, a link's address and title and a word's language (Pāli is
  // <i lang="pi">): no styles, ids, directions, anchors' names or term marks.
  allowedAttributes: { a: ['href', 'title'], i: ['lang'], em: ['lang'], span: ['lang'] },
  // Relative URLs (/term/12, page.html, #note) are allowed by allowProtocolRelative=false plus these schemes.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Dropped tags whose text would be noise or code if kept.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
  disallowedTagsMode: 'discard',
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
}

export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS).trim()
}

/** True when the HTML shows nothing a reader could read (only tags, breaks and spaces). */
export function isBlankHtml(html: string): boolean {
  return sanitize(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') === ''
}
