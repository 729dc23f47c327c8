// The users screen's contract (administrators only): every account, adding one, disabling,
// enabling, deleting, and changing one's own password.
import { z } from 'zod'
import { Id, Timestamp } from './common.ts'
import { RegisterInput } from './auth.ts'

export const UserSummary = z.object({
  id: Id,
  username: z.string(),
  createdAt: Timestamp,
  disabled: z.boolean(),
  disabledAt: Timestamp.nullable(),
  /** The latest of the last login and the last request of a live session; null if never logged in. */
  lastSeenAt: Timestamp.nullable(),
})
export type UserSummary = z.infer<typeof UserSummary>

export const UserList = z.array(UserSummary)
export type UserList = z.infer<typeof UserList>

/** A new administrator: the same rules as registration. */
export const NewUserInput = RegisterInput
export type NewUserInput = z.infer<typeof NewUserInput>

export const UserStatusInput = z.object({ disabled: z.boolean() })
export type UserStatusInput = z.infer<typeof UserStatusInput>

export const PasswordChangeInput = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(1000),
  newPassword: RegisterInput.shape.password,
})
export type PasswordChangeInput = z.infer<typeof PasswordChangeInput>

export const PasswordChanged = z.object({
  ok: z.literal(true),
  /** How many other sessions of the user were ended. */
  endedSessions: z.number().int().min(0),
})
export type PasswordChanged = z.infer<typeof PasswordChanged>
