// The term-usage part of the content module (where a term is used): what the app uses of it.
export { termUsageRoutes } from './term-usage.routes.ts'
