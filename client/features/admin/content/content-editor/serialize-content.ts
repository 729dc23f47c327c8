// Rich-text document → the edited text: one top-level block per line (as imported pages are written),
// list items and table cells without the <p> the editor needs inside them, and the links marker
// back in its text form.
import { DOMSerializer, Fragment } from '@tiptap/pm/model'
import type { Node as ProseMirrorNode } from '@tiptap/pm/model'
import { fromEditorHtml } from './content-html.ts'

/** A <p> without attributes as the only child of a list item or cell was added by the editor: drop it. */
function unwrapLonelyParagraphs(root: ParentNode) {
  for (const container of root.querySelectorAll('li, td, th')) {
    const only = container.children.length === 1 ? container.firstElementChild : null
    if (only && only.tagName === 'P' && only.attributes.length === 0 && container.childNodes.length === 1) {
      only.replaceWith(...only.childNodes)
    }
  }
}

export function serializeContent(doc: ProseMirrorNode, ownerDocument: Document = globalThis.document): string {
  const isEmpty = doc.childCount === 1 && doc.firstChild!.isTextblock && doc.firstChild!.content.size === 0
  if (isEmpty || doc.childCount === 0) return ''
  const serializer = DOMSerializer.fromSchema(doc.type.schema)
  const container = ownerDocument.createElement('div')
  const lines: string[] = []
  doc.forEach((block) => {
    container.replaceChildren(serializer.serializeFragment(Fragment.from(block), { document: ownerDocument }))
    unwrapLonelyParagraphs(container)
    lines.push(container.innerHTML)
  })
  return fromEditorHtml(lines.join('\n'))
}
