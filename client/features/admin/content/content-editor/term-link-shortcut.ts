// Ctrl+K (⌘K) in the rich-text view opens the term picker: the shortcut only announces itself on the
// editor's element; TermLinkPicker.tsx, drawn with the toolbar, listens and opens its dialog.
import { Extension } from '@tiptap/core'

export const TERM_LINK_OPEN_EVENT = 'term-link-open'

export const TermLinkShortcut = Extension.create({
  name: 'termLinkShortcut',
  addKeyboardShortcuts() {
    return {
      'Mod-k': () => {
        this.editor.view.dom.dispatchEvent(new CustomEvent(TERM_LINK_OPEN_EVENT))
        return true
      },
    }
  },
})

/** The term a link points to, from its attributes: `/term/{id}` (and the name in data-term). */
export function termOfLink(attributes: {
  href?: unknown
  dataTerm?: unknown
}): { id: number; name: string | null } | null {
  const match = typeof attributes.href === 'string' ? /^\/term\/([0-9]{1,10})$/.exec(attributes.href) : null
  if (!match) return null
  return { id: Number(match[1]), name: typeof attributes.dataTerm === 'string' ? attributes.dataTerm : null }
}
