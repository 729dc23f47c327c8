// Every API error body has this shape: JSON `{ error }`, plus `details` where there are any.
import { z } from 'zod'

export const ApiErrorBody = z.object({
  error: z.string(),
  details: z.unknown().optional(),
})
export type ApiErrorBody = z.infer<typeof ApiErrorBody>
