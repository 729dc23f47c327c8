// The EPUB export's addresses (server/modules/export): a page, a chapter or a book as an EPUB 3 file,
// `application/epub+zip`, sent as an attachment named after its title (decision 031). Plain strings,
// no schema: the print view, on a visitor's first page, links them.

export type EpubKind = 'page' | 'chapter' | 'book'

const COLLECTIONS: Record<EpubKind, string> = { page: 'content', chapter: 'chapters', book: 'books' }

export const epubPath = (kind: EpubKind, id: number) => `/api/${COLLECTIONS[kind]}/${id}/epub`

/** A page as a Word document (server/modules/word/export, decision 063), `.docx`, named after its title. */
export const docxPath = (id: number) => `/api/content/${id}/docx`
