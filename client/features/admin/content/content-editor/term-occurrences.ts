// "Märgi terminid": where a suggested form stands in the editor's document, unmarked, so that
// accepting it marks each place with the term's link. Words are read as the server read them
// (shared/text/text-words.ts, the form compared in NFC), one textblock at a time; a word any part of
// which is a link already (a term's, a footnote's) is left alone, as the server left it out.
import type { Mark, Node as ProseMirrorNode } from '@tiptap/pm/model'
import { textWords } from '#shared/text/text-words.ts'

export interface Occurrence {
  from: number
  to: number
}

const isLink = (mark: Mark) => mark.type.name === 'link'

/** Every whole-word occurrence of `form` in `doc` that is not inside a link, in document order. */
export function unmarkedOccurrences(doc: ProseMirrorNode, form: string): Occurrence[] {
  const target = form.normalize('NFC')
  const found: Occurrence[] = []
  doc.descendants((node, position) => {
    if (!node.isTextblock) return true
    // The block's text, one character per document position: an inline node that is no text (a
    // picture, a line break) stands as spaces, so a word ends there and offsets stay positions.
    let text = ''
    const linked: boolean[] = []
    node.forEach((child) => {
      const part = child.isText ? child.text! : ' '.repeat(child.nodeSize)
      const inLink = child.marks.some(isLink)
      text += part
      for (let i = 0; i < part.length; i++) linked.push(inLink)
    })
    const start = position + 1
    for (const { word, start: from, end: to } of textWords(text)) {
      if (word.normalize('NFC') !== target) continue
      if (linked.slice(from, to).some(Boolean)) continue
      found.push({ from: start + from, to: start + to })
    }
    return false
  })
  return found
}
