// Stored rich text (term descriptions) is hostile until cleaned: an allowlist of formatting tags,
// links only to http(s), mailto, relative paths and #anchors, no styles, scripts or handlers.
import sanitize from 'sanitize-html'

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'ol',
    'ul',
    'li',
    'blockquote',
    'a',
    'h1',
    'h2',
    'h3',
    'h4',
    'span',
  ],
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
