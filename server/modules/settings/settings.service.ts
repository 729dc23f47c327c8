// Settings as the rest of the server reads them. The SQL stays in settings.repo.ts, which only
// this module imports (decision 018).
export { sessionSecret } from './settings.repo.ts'
