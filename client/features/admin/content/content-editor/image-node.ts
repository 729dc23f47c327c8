// Pictures in the content editor: an inline TipTap node that keeps what the pipeline keeps on
// <img> (src, alt — an empty alt marks a decorative picture —, width, height, title, and the lazy
// loading the pipeline adds), so pages with pictures round-trip through the rich-text view.
import { Node } from '@tiptap/core'

const keptAttribute = (name: string) => ({
  default: null,
  parseHTML: (element: HTMLElement) => element.getAttribute(name),
  renderHTML: (attributes: Record<string, unknown>) => {
    const value = attributes[name]
    return typeof value === 'string' ? { [name]: value } : {}
  },
})

export interface ImageAttributes {
  src: string
  alt: string
  width: string
  height: string
}

export const ContentImage = Node.create({
  name: 'image',
  inline: true,
  group: 'inline',
  atom: true,
  draggable: true,
  selectable: true,
  addAttributes: () =>
    Object.fromEntries(
      ['src', 'alt', 'width', 'height', 'title', 'loading', 'decoding'].map((name) => [name, keptAttribute(name)]),
    ),
  parseHTML: () => [{ tag: 'img' }],
  renderHTML: ({ HTMLAttributes }) => ['img', HTMLAttributes],
})

/** The image attributes of a picture the site stores: its own address, its alt text and its size. */
export function storedImageAttributes(
  image: { url: string; width: number; height: number },
  alt: string,
): ImageAttributes {
  return { src: image.url, alt, width: String(image.width), height: String(image.height) }
}
