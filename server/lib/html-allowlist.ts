// The HTML stored text may hold: tags and their attributes, one list. Pages keep all of it (the
// page pipeline's sanitiser, modules/content/processing/sanitize.ts, which also checks each value)
// and cut their blocks by it (processing/blocks.ts); term descriptions keep a part of it
// (sanitize-html.ts). Each of those says in its own code what it keeps differently, and why.

/** An attribute as kept: its name and its decoded, checked value. */
export type Attribute = readonly [name: string, value: string]

/**
 * Phrasing tags: their text runs on in its line. On a page's top level they go, with stray text,
 * into a paragraph of their own; every other tag there is a block (processing/blocks.ts).
 */
export const PHRASING_TAGS: ReadonlySet<string> = new Set([
  'a',
  'b',
  'strong',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'span',
  'br',
  'img',
  'code',
])

/** The tags a word-processor export needs besides phrasing: paragraphs, headings, lists, tables, figures. */
const BLOCK_TAG_LIST = [
  'p',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'div',
  'blockquote',
  'ul',
  'ol',
  'li',
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
  'figure',
  'figcaption',
  'pre',
]

/** Stored text's block tags (the Word export starts a paragraph or table at each). */
export const BLOCK_TAGS: ReadonlySet<string> = new Set(BLOCK_TAG_LIST)

/** Every tag stored text may hold; any other is dropped (its text kept, or removed with it). */
export const ALLOWED_TAGS: ReadonlySet<string> = new Set([...BLOCK_TAG_LIST, ...PHRASING_TAGS])

/**
 * Attributes any allowed tag may have. No `class`: the app's own utility classes
 * (`fixed inset-0 z-50`) could let a page cover the interface.
 */
export const GLOBAL_ATTRIBUTES: ReadonlySet<string> = new Set(['id', 'title', 'lang', 'dir', 'style'])

const TABLE_CELL_ATTRIBUTES = ['colspan', 'rowspan', 'width', 'height']

/** Attributes of one tag besides the global ones. */
export const ATTRIBUTES_BY_TAG: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries({
    a: ['href', 'name', 'data-term'],
    img: ['src', 'alt', 'width', 'height'],
    td: TABLE_CELL_ATTRIBUTES,
    th: TABLE_CELL_ATTRIBUTES,
    table: ['width'],
    col: ['width'],
    colgroup: ['width'],
    ol: ['start'],
  }).map(([tag, names]) => [tag, new Set(names)]),
)
