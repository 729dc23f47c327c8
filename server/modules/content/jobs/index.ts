// The jobs part of the content module (reprocessing every page): what the app uses of it.
export { currentReprocessing, markInterruptedReprocessing } from './reprocess.service.ts'
export { jobsRoutes } from './jobs.routes.ts'
