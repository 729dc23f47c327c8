// The revisions part of the content module (a page's history): what the app uses of it.
export { revisionsRoutes } from './revisions.routes.ts'
export { compareWithUnsaved, currentVersionOf } from './revisions.service.ts'
