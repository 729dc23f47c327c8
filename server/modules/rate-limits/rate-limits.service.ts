// The counters as other modules use them (login throttling in auth.service.ts): count hits in a
// window, take counts back. The SQL stays in rate-limits.repo.ts, which only this module imports
// (decision 018).
export { hit, release } from './rate-limits.repo.ts'
