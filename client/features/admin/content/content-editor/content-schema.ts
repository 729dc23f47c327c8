// The content editor's TipTap schema, tuned so that this product's pages survive a round trip:
// block ids, footnote anchors (href/name/id), term links (data-term), <i lang>, tables and the
// links-section marker. No React and no DOM here, so the schema is unit-tested in isolation.
import { Extension, Node, mergeAttributes } from '@tiptap/core'
import type { AnyExtension } from '@tiptap/core'
import Italic from '@tiptap/extension-italic'
import Link, { isAllowedUri } from '@tiptap/extension-link'
import StarterKit from '@tiptap/starter-kit'
import { contentEditorTexts } from '#client/texts/content-editor.ts'
import { ContentImage } from './image-node.ts'
import { TermLinkShortcut } from './term-link-shortcut.ts'

/** How the links-section marker appears inside the rich-text document. */
export const LINKS_MARKER_ATTRIBUTE = 'data-links-marker'

/** Nodes whose `id` must survive: the pipeline gives every top-level block one, and links point at them. */
const NODES_WITH_ID = [
  'heading',
  'paragraph',
  'blockquote',
  'bulletList',
  'orderedList',
  'listItem',
  'horizontalRule',
  'codeBlock',
  'table',
  'tableRow',
  'tableCell',
  'tableHeader',
]

const optionalAttribute = (name: string) => ({
  default: null,
  parseHTML: (element: HTMLElement) => element.getAttribute(name),
  renderHTML: (attributes: Record<string, unknown>) => {
    const value = attributes[name]
    return typeof value === 'string' ? { [name]: value } : {}
  },
})

const BlockIds = Extension.create({
  name: 'blockIds',
  addGlobalAttributes() {
    return [{ types: NODES_WITH_ID, attributes: { id: optionalAttribute('id') } }]
  },
})

/**
 * Links as word-processor exports write them: footnote anchors carry name and id, term links
 * carry data-term and may have no href at all. Nothing is added by default (no target, no rel).
 */
const ContentLink = Link.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      target: optionalAttribute('target'),
      rel: optionalAttribute('rel'),
      name: optionalAttribute('name'),
      id: optionalAttribute('id'),
      dataTerm: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute('data-term'),
        renderHTML: (attributes: Record<string, unknown>) =>
          typeof attributes.dataTerm === 'string' ? { 'data-term': attributes.dataTerm } : {},
      },
    }
  },
  parseHTML() {
    const allowed = (href: string) =>
      this.options.isAllowedUri(href, {
        defaultValidate: (url) => Boolean(isAllowedUri(url, this.options.protocols)),
        protocols: this.options.protocols,
        defaultProtocol: this.options.defaultProtocol,
      })
    return [
      {
        tag: 'a',
        getAttrs: (element: HTMLElement) => {
          const href = element.getAttribute('href')
          if (href !== null) return allowed(href) ? null : false
          // An anchor without href is kept when it names a place or a term.
          return element.hasAttribute('name') || element.hasAttribute('id') || element.hasAttribute('data-term')
            ? null
            : false
        },
      },
    ]
  },
}).configure({
  openOnClick: false,
  autolink: false,
  linkOnPaste: true,
  HTMLAttributes: { target: null, rel: null, class: null },
})

/** Italic that remembers whether it was <i> or <em>, and its lang (Pāli words are <i lang="pi">). */
const ContentItalic = Italic.extend({
  addAttributes() {
    return {
      lang: optionalAttribute('lang'),
      tag: {
        default: 'em',
        parseHTML: (element: HTMLElement) => (element.nodeName.toLowerCase() === 'i' ? 'i' : 'em'),
        renderHTML: () => ({}),
      },
    }
  },
  renderHTML({ HTMLAttributes, mark }) {
    const tag = mark.attrs.tag === 'i' ? 'i' : 'em'
    return [tag, mergeAttributes(this.options.HTMLAttributes, HTMLAttributes), 0]
  },
})

const cellAttributes = {
  colspan: {
    default: 1,
    parseHTML: (element: HTMLElement) => Number(element.getAttribute('colspan') ?? 1) || 1,
    renderHTML: (attributes: Record<string, unknown>) =>
      attributes.colspan && attributes.colspan !== 1 ? { colspan: String(attributes.colspan) } : {},
  },
  rowspan: {
    default: 1,
    parseHTML: (element: HTMLElement) => Number(element.getAttribute('rowspan') ?? 1) || 1,
    renderHTML: (attributes: Record<string, unknown>) =>
      attributes.rowspan && attributes.rowspan !== 1 ? { rowspan: String(attributes.rowspan) } : {},
  },
}

// Plain table nodes (the registry has no @tiptap/extension-table for TipTap 3.34): enough to keep
// a table's rows, cells and spans; structural editing of tables happens in the HTML view.
const Table = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableRow+',
  isolating: true,
  parseHTML: () => [{ tag: 'table' }],
  renderHTML: ({ HTMLAttributes }) => ['table', HTMLAttributes, ['tbody', 0]],
})

const TableRow = Node.create({
  name: 'tableRow',
  content: '(tableCell | tableHeader)*',
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: ({ HTMLAttributes }) => ['tr', HTMLAttributes, 0],
})

const TableCell = Node.create({
  name: 'tableCell',
  content: 'block+',
  isolating: true,
  addAttributes: () => cellAttributes,
  parseHTML: () => [{ tag: 'td' }],
  renderHTML: ({ HTMLAttributes }) => ['td', HTMLAttributes, 0],
})

const TableHeader = Node.create({
  name: 'tableHeader',
  content: 'block+',
  isolating: true,
  addAttributes: () => cellAttributes,
  parseHTML: () => [{ tag: 'th' }],
  renderHTML: ({ HTMLAttributes }) => ['th', HTMLAttributes, 0],
})

/** Where the main content ends and the links section begins ('=== LINKS START ===' in the text). */
const LinksMarker = Node.create({
  name: 'linksMarker',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: false,
  parseHTML: () => [{ tag: `div[${LINKS_MARKER_ATTRIBUTE}]` }],
  renderHTML: () => [
    'div',
    { [LINKS_MARKER_ATTRIBUTE]: 'true', contenteditable: 'false' },
    contentEditorTexts.linksMarker,
  ],
})

export const contentExtensions: AnyExtension[] = [
  StarterKit.configure({
    link: false,
    italic: false,
    // A trailing empty paragraph would change every page the moment it is opened.
    trailingNode: false,
  }),
  ContentLink,
  ContentItalic,
  BlockIds,
  Table,
  TableRow,
  TableCell,
  TableHeader,
  LinksMarker,
  ContentImage,
  TermLinkShortcut,
]
