// Every API error body has this shape (runtime contract: errors are JSON `{ error }`, plus `details`).
import { z } from 'zod'

export const ApiErrorBody = z.object({
  error: z.string(),
  details: z.unknown().optional(),
})
export type ApiErrorBody = z.infer<typeof ApiErrorBody>
