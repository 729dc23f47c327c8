// The feedback contract: what a visitor sends and what administrators read.
import { z } from 'zod'
import { FEEDBACK_BLOCK_ID_MAX_CHARS, FEEDBACK_PASSAGE_MAX_CHARS } from '../limits.ts'
import { Id, Timestamp, paginated } from './common.ts'

const FEEDBACK_REQUIRED = 'Tagasiside on kohustuslik'
const FEEDBACK_EMAIL_INVALID = 'Palun sisesta korrektne email'

const EmailAddress = z.email()

/** What the visitor writes: the feedback form's fields (and the whole input of older clients). */
export const FeedbackFormInput = z.object({
  name: z.string().trim().max(200, 'Name is too long').nullish(),
  email: z
    .string()
    .trim()
    .max(320, FEEDBACK_EMAIL_INVALID)
    .refine((value) => value === '' || EmailAddress.safeParse(value).success, FEEDBACK_EMAIL_INVALID)
    .nullish(),
  feedback: z.string().trim().min(1, FEEDBACK_REQUIRED).max(10_000, 'Feedback is too long (at most 10,000 characters)'),
})

export const FeedbackInput = FeedbackFormInput.extend({
  // Where it was sent from (all optional): the reader page, the text selected in it and the id of
  // the block that text starts in. A page that does not exist (or the sender cannot see) is no place:
  // the feedback is kept without it.
  contentId: Id.nullish(),
  passage: z
    .string()
    .trim()
    .max(FEEDBACK_PASSAGE_MAX_CHARS, `Passage is too long (at most ${FEEDBACK_PASSAGE_MAX_CHARS} characters)`)
    .nullish(),
  blockId: z
    .string()
    .regex(
      new RegExp(`^[^\\s\\p{Cc}]{1,${FEEDBACK_BLOCK_ID_MAX_CHARS}}$`, 'u'),
      `blockId must be an element id (1 to ${FEEDBACK_BLOCK_ID_MAX_CHARS} characters, no spaces)`,
    )
    .nullish(),
}).refine((input) => input.contentId != null || (!input.passage && input.blockId == null), {
  message: 'A passage or blockId needs the contentId of its page',
  path: ['contentId'],
})
export type FeedbackInput = z.input<typeof FeedbackInput>

export const Feedback = z.object({
  id: Id,
  name: z.string().nullable(),
  email: z.string().nullable(),
  feedback: z.string(),
  handled: z.boolean(),
  createdAt: Timestamp,
  /** The page it was sent from: null when sent elsewhere, or once that page was deleted. */
  contentId: Id.nullable(),
  /** The page's title when it was sent (kept after the page is deleted). */
  pageTitle: z.string().nullable(),
  passage: z.string().nullable(),
  blockId: z.string().nullable(),
})
export type Feedback = z.infer<typeof Feedback>

export const FeedbackPage = paginated(Feedback)
export type FeedbackPage = z.infer<typeof FeedbackPage>

export const FeedbackHandledInput = z.object({ handled: z.boolean() })
export type FeedbackHandledInput = z.infer<typeof FeedbackHandledInput>
