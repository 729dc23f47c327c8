// The reader's pages that the router mounts; the rest of this folder is the reader's own
// (eslint.config.js keeps other code out of it, import() included). The book and chapter pages are
// lazy: the router is given their loaders, so they stay chunks of their own.
export { ContentPage } from './ContentPage.tsx'
export { TermPage } from './TermPage.tsx'
export { WelcomePage } from './WelcomePage.tsx'

/** The book and chapter pages, loaded when first shown (each a chunk of its own). */
export const loadBookPage = () => import('./BookPage.tsx')
export const loadChapterPage = () => import('./ChapterPage.tsx')
