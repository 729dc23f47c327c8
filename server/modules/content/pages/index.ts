// The pages part of the content module: what other parts and modules may use of it. Within the
// part, files import each other directly.
export { adminWriteMarks } from './admin-writes.ts'
export { sendContent, toContent } from './pages.presenter.ts'
export { pageEditingRoutes, pagesRoutes } from './pages.routes.ts'
export { findPageSource, listPageIds, lockPage, savePage, storeReprocessed, termIdsOfPage } from './pages.service.ts'
