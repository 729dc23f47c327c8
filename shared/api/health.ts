// GET /api/health: the spec's `status`, plus the running version and the database's state (additive).
import { z } from 'zod'

export const Health = z.object({
  status: z.literal('ok'),
  /** package.json's version of the running server. */
  version: z.string(),
  /**
   * `busy`: the embedded database did not answer in time because it is working (its one connection
   * is held by a long write, a save of a large page); it answers once that is done.
   */
  database: z.enum(['ok', 'busy']),
})
export type Health = z.infer<typeof Health>
