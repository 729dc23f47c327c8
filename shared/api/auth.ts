// The accounts contract: login, registration and the current user.
import { z } from 'zod'

export const LoginInput = z.object({
  username: z.string().trim().min(1, 'Username is required').max(100),
  password: z.string().min(1, 'Password is required').max(1000),
})
export type LoginInput = z.infer<typeof LoginInput>

export const RegisterInput = z.object({
  username: z.string().trim().min(1, 'Username is required').max(100),
  password: z.string().min(8, 'Password must be at least 8 characters').max(1000),
})
export type RegisterInput = z.infer<typeof RegisterInput>

/** The current user as the API shows it: never the password hash. */
export const CurrentUser = z.object({
  id: z.number().int().positive(),
  username: z.string(),
})
export type CurrentUser = z.infer<typeof CurrentUser>
