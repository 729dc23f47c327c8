// The reader's pages that the router mounts at once; the rest of this folder is the reader's own
// (eslint.config.js keeps other code out of it). The book and chapter pages are lazy: the router
// imports them from their files, so they stay chunks of their own.
export { ContentPage } from './ContentPage.tsx'
export { TermPage } from './TermPage.tsx'
export { WelcomePage } from './WelcomePage.tsx'
