// Page HTML is hostile until cleaned. One streaming pass of htmlparser2 hands a handler only what the
// allowlist keeps (server/lib/html-allowlist.ts: pages keep all of it): tags a word-processor export
// needs, safe attributes, decoded text. Elements that carry code or forms are removed with their
// content; other unknown tags are dropped, their text kept.
import { decodeHTML, decodeHTMLAttribute } from 'entities'
import { Parser } from 'htmlparser2'
import { ownImageId } from '#shared/text/image-address.ts'
import {
  ALLOWED_TAGS,
  ATTRIBUTES_BY_TAG,
  GLOBAL_ATTRIBUTES,
  PHRASING_TAGS,
  type Attribute,
} from '../../../lib/html-allowlist.ts'
import { withTermLink, type TermIds } from './term-links.ts'

export interface SanitizedHtmlHandler {
  openElement(tag: string, attributes: Attribute[]): void
  closeElement(tag: string): void
  /** `text` is decoded; `source` is the same text as written in the HTML (references not decoded). */
  text(text: string, source: string): void
}

// Their content is code, a document head, a form or foreign markup: nothing a reader should see.
const REMOVED_WITH_CONTENT = new Set([
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'svg',
  'math',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'option',
  'frame',
  'frameset',
  'link',
  'meta',
  'base',
  'head',
  'title',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'applet',
])

const VOID_TAGS = new Set(['br', 'hr', 'img', 'col'])

// Deeper markup is flattened (text kept): browsers cap their tree depth too, and nothing real nests so deep.
const MAX_NESTING = 128

const DIRECTION = /^(?:ltr|rtl|auto)$/
const LANGUAGE_TAG = /^[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8}){0,8}$/
const WHOLE_NUMBER = /^-?[0-9]{1,6}$/
const LENGTH = /^[0-9]{1,5}(?:\.[0-9]{1,4})?(?:%|px)?$/

const STYLE_PROPERTIES = new Set([
  'text-align',
  'font-weight',
  'font-style',
  'text-decoration',
  'margin-left',
  'padding-left',
  'text-indent',
  'vertical-align',
  'color',
  'background-color',
])
// No quotes, backslashes (CSS escapes), slashes (comments), colons or semicolons inside a value.
const STYLE_VALUE = /^[-#a-zA-Z0-9 .,%()+!]{1,100}$/
const FORBIDDEN_STYLE_VALUE = /url\(|expression\(|position|fixed|absolute/i
const WHITESPACE_RUN = /\s+/g

// Browsers skip these anywhere in a URL's scheme (tabs, newlines) or around it (controls, spaces):
// removing all of them before reading the scheme sees every scheme a browser would see.
// eslint-disable-next-line no-control-regex -- matching control characters is the point here
const URL_IGNORED = /[\u0000-\u0020\u007f-\u009f]+/g
const URL_SCHEME = /^([a-z][a-z0-9+.-]*):/
const IMAGE_DATA = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=]*$/

/** The URLs an attribute takes besides relative ones: `schemes`, and with `imageData` base64 data of image types. */
export interface UrlRule {
  schemes: ReadonlySet<string>
  imageData: boolean
}
const LINK_URLS: UrlRule = { schemes: new Set(['http', 'https', 'mailto']), imageData: false }
const IMAGE_URLS: UrlRule = { schemes: new Set(['http', 'https']), imageData: true }

/**
 * Walks the sanitised form of `html`, calling the handler in document order; open and close always
 * pair. Term marks (`<a data-term>`) become term links to the terms in `termIds` (term-links.ts).
 */
export function walkSanitizedHtml(html: string, handler: SanitizedHtmlHandler, termIds?: TermIds): void {
  const fates: ElementFate[] = []
  let removedDepth = 0
  let keptDepth = 0
  let pendingSource = ''

  const flushText = (): void => {
    if (pendingSource === '') return
    handler.text(decodeText(pendingSource), pendingSource)
    pendingSource = ''
  }

  const parser = new Parser(
    {
      onopentag(tag, attributes) {
        flushText()
        if (removedDepth > 0 || REMOVED_WITH_CONTENT.has(tag)) {
          removedDepth++
          fates.push('removed')
        } else if (!ALLOWED_TAGS.has(tag) || keptDepth >= MAX_NESTING) {
          fates.push('unwrapped')
        } else {
          keptDepth++
          fates.push('kept')
          handler.openElement(tag, withTermLink(tag, allowedAttributes(tag, attributes), termIds))
        }
      },
      ontext(source) {
        if (removedDepth === 0) pendingSource += source
      },
      onclosetag(tag) {
        flushText()
        const fate = fates.pop()
        if (fate === 'removed') removedDepth--
        else if (fate === 'kept') {
          keptDepth--
          handler.closeElement(tag)
        }
      },
    },
    { decodeEntities: false, lowerCaseTags: true, lowerCaseAttributeNames: true },
  )
  // NUL never reaches the output (the HTML standard reads it as U+FFFD); later steps rely on that.
  parser.end(html.includes('\u0000') ? html.replaceAll('\u0000', '\uFFFD') : html)
  flushText()
}

type ElementFate = 'kept' | 'unwrapped' | 'removed'

/** The allowlisted attributes of one element, values decoded and checked, in source order. */
export function allowedAttributes(tag: string, attributes: Record<string, string>): Attribute[] {
  const allowed: Attribute[] = []
  const tagAttributes = ATTRIBUTES_BY_TAG.get(tag)
  for (const name in attributes) {
    if (!GLOBAL_ATTRIBUTES.has(name) && !tagAttributes?.has(name)) continue
    const value = checkedAttributeValue(tag, name, decodeAttribute(attributes[name] ?? ''))
    if (value !== null) allowed.push([name, value])
  }
  if (tag === 'img') return withImageLoading(allowed)
  return allowed
}

/**
 * The site's own pictures load when they come near the view and decode off the main thread; any
 * other `src` is kept as written (decision 037: the policy blocks it, the editor names it).
 */
function withImageLoading(attributes: Attribute[]): Attribute[] {
  const src = attributes.find(([name]) => name === 'src')?.[1]
  if (src === undefined || ownImageId(src) === null) return attributes
  return [...attributes, ['loading', 'lazy'], ['decoding', 'async']]
}

function checkedAttributeValue(tag: string, name: string, value: string): string | null {
  switch (name) {
    case 'href':
      return safeUrl(value, LINK_URLS)
    case 'src':
      return tag === 'img' ? safeUrl(value, IMAGE_URLS) : null
    case 'style':
      return safeStyle(value)
    case 'dir':
      return DIRECTION.test(value.toLowerCase()) ? value.toLowerCase() : null
    case 'lang':
      return LANGUAGE_TAG.test(value) ? value : null
    case 'colspan':
    case 'rowspan':
    case 'start':
      return WHOLE_NUMBER.test(value) ? value : null
    case 'width':
    case 'height':
      return LENGTH.test(value) ? value : null
    case 'id':
    case 'name':
      return value.trim() === '' ? null : value
    default:
      return value
  }
}

/** The URL when it is relative or one `rule` allows (images also as base64 data of image types). */
export function safeUrl(url: string, { schemes, imageData }: UrlRule): string | null {
  const compact = url.replace(URL_IGNORED, '').toLowerCase()
  const scheme = URL_SCHEME.exec(compact)?.[1]
  const allowed =
    scheme === undefined || schemes.has(scheme) || (imageData && scheme === 'data' && IMAGE_DATA.test(compact))
  return allowed ? trimControlsAndSpaces(url) : null
}

function trimControlsAndSpaces(url: string): string {
  let start = 0
  let end = url.length
  while (start < end && url.charCodeAt(start) <= 0x20) start++
  while (end > start && url.charCodeAt(end - 1) <= 0x20) end--
  return url.slice(start, end)
}

/** Only allowlisted properties with plain values, written in one canonical form; null when none is left. */
export function safeStyle(style: string): string | null {
  const declarations: string[] = []
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':')
    if (colon === -1) continue
    const property = declaration.slice(0, colon).trim().toLowerCase()
    const value = declaration
      .slice(colon + 1)
      .replace(WHITESPACE_RUN, ' ')
      .trim()
    if (!STYLE_PROPERTIES.has(property)) continue
    if (!STYLE_VALUE.test(value) || FORBIDDEN_STYLE_VALUE.test(value)) continue
    declarations.push(`${property}: ${value}`)
  }
  return declarations.length > 0 ? declarations.join('; ') : null
}

function decodeText(source: string): string {
  return source.includes('&') ? decodeHTML(source) : source
}

function decodeAttribute(source: string): string {
  return source.includes('&') ? decodeHTMLAttribute(source) : source
}

const HAS_TEXT_SPECIAL = /[&<>]/
const TEXT_SPECIALS = /[&<>]/g
const HAS_ATTRIBUTE_SPECIAL = /[&<>"]/
const ATTRIBUTE_SPECIALS = /[&<>"]/g
const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }
const escapeCharacter = (character: string): string => ESCAPES[character] ?? character

export function escapeText(text: string): string {
  return HAS_TEXT_SPECIAL.test(text) ? text.replace(TEXT_SPECIALS, escapeCharacter) : text
}

export function escapeAttribute(value: string): string {
  return HAS_ATTRIBUTE_SPECIAL.test(value) ? value.replace(ATTRIBUTE_SPECIALS, escapeCharacter) : value
}

/** `<tag a="…">`; `inserted` goes right after the tag name (the id placeholder of later steps). */
export function openTagHtml(tag: string, attributes: readonly Attribute[], inserted = ''): string {
  let html = `<${tag}${inserted}`
  for (const [name, value] of attributes) html += ` ${name}="${escapeAttribute(value)}"`
  return `${html}>`
}

export function closeTagHtml(tag: string): string {
  return VOID_TAGS.has(tag) ? '' : `</${tag}>`
}

/** The sanitised HTML as a string (used for the links section and wherever no blocks are needed). */
export function sanitizePageHtml(html: string, termIds?: TermIds): string {
  let output = ''
  walkSanitizedHtml(
    html,
    {
      openElement: (tag, attributes) => (output += openTagHtml(tag, attributes)),
      closeElement: (tag) => (output += closeTagHtml(tag)),
      text: (text) => (output += escapeText(text)),
    },
    termIds,
  )
  return output
}

/** The decoded text of sanitised HTML, a space between elements that are not inline. */
export function collectPlainText(html: string): string {
  let text = ''
  walkSanitizedHtml(html, {
    openElement: (tag) => (text += INLINE_TAGS.has(tag) ? '' : ' '),
    closeElement: (tag) => (text += INLINE_TAGS.has(tag) ? '' : ' '),
    text: (part) => (text += part),
  })
  return text.replace(/\s+/g, ' ').trim()
}

// A line break or a picture parts the words around it, as a block does.
const INLINE_TAGS = new Set([...PHRASING_TAGS].filter((tag) => tag !== 'br' && tag !== 'img'))
