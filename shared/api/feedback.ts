// The feedback contract: what a visitor sends and what administrators read.
import { z } from 'zod'
import { Id, Timestamp, paginated } from './common.ts'

const FEEDBACK_REQUIRED = 'Tagasiside on kohustuslik'
const FEEDBACK_EMAIL_INVALID = 'Palun sisesta korrektne email'

const EmailAddress = z.email()

export const FeedbackInput = z.object({
  name: z.string().trim().max(200, 'Name is too long').nullish(),
  email: z
    .string()
    .trim()
    .max(320, FEEDBACK_EMAIL_INVALID)
    .refine((value) => value === '' || EmailAddress.safeParse(value).success, FEEDBACK_EMAIL_INVALID)
    .nullish(),
  feedback: z.string().trim().min(1, FEEDBACK_REQUIRED).max(10_000, 'Feedback is too long (at most 10,000 characters)'),
})
export type FeedbackInput = z.input<typeof FeedbackInput>

export const Feedback = z.object({
  id: Id,
  name: z.string().nullable(),
  email: z.string().nullable(),
  feedback: z.string(),
  handled: z.boolean(),
  createdAt: Timestamp,
})
export type Feedback = z.infer<typeof Feedback>

export const FeedbackPage = paginated(Feedback)
export type FeedbackPage = z.infer<typeof FeedbackPage>

export const FeedbackHandledInput = z.object({ handled: z.boolean() })
export type FeedbackHandledInput = z.infer<typeof FeedbackHandledInput>
