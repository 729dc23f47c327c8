// HTML to plain text, for every place that shows HTML as text: page descriptions in the HTML head,
// search previews of terms, and stored passage text that holds markup it should not.
import { Parser } from 'htmlparser2'

// Elements that flow within a line: no space is put where they open or close ("<i>friend</i>ship").
const INLINE_TAGS = new Set(['a', 'abbr', 'b', 'code', 'em', 'i', 's', 'small', 'span', 'strong', 'sub', 'sup', 'u'])
// Elements whose content is not text a reader sees: code, a form, foreign markup (as the page sanitiser
// removes them with their content).
const HIDDEN_TAGS = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'textarea',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'form',
  'button',
  'select',
])
/** HTML is fed to the parser in slices of this size, so the parse stops soon after the text needed. */
const SLICE_CHARS = 4096

/**
 * The readable text of HTML, entities decoded, whitespace collapsed, at least the first `enough`
 * characters of it (all of it by default). A tokenizer, not regular expressions: page text can be
 * anything (50,000 `<` in a row cost a tag regex seconds of backtracking).
 */
export function htmlToText(html: string, enough = Infinity): string {
  let text = ''
  let hidden = 0
  const parser = new Parser(
    {
      onopentag(tag) {
        if (HIDDEN_TAGS.has(tag)) hidden++
        if (!INLINE_TAGS.has(tag)) text += ' '
      },
      ontext(part) {
        if (hidden === 0) text += part
      },
      onclosetag(tag) {
        if (HIDDEN_TAGS.has(tag) && hidden > 0) hidden--
        if (!INLINE_TAGS.has(tag)) text += ' '
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  )
  if (enough === Infinity) parser.write(html)
  else {
    for (let at = 0; at < html.length && text.length <= enough; at += SLICE_CHARS) {
      parser.write(html.slice(at, at + SLICE_CHARS))
      text = text.replace(/\s+/g, ' ') // so indentation between tags does not count towards `enough`
    }
  }
  parser.end()
  return collapseSpaces(text)
}

const collapseSpaces = (text: string) => text.replace(/\s+/g, ' ').trim()

/** Plain text cut at a word near `limit` characters, whitespace collapsed. */
export function cutText(text: string, limit: number) {
  const plain = collapseSpaces(text)
  if (plain.length <= limit) return plain
  const cut = plain.slice(0, limit)
  const space = cut.lastIndexOf(' ')
  return `${cut.slice(0, space > limit / 2 ? space : limit)}…`
}

/** Plain text of HTML, cut at a word near `limit` characters. */
export function shortText(html: string, limit: number) {
  return cutText(htmlToText(html, limit + 1), limit)
}
