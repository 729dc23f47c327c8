// Every API error body has this shape: JSON `{ error, code }`, plus `details` where there are any.
// `error` is for people (its text is the spec's); `code` is for programs: the client branches on
// the code, never on the status alone or on the text. A code keeps its meaning once released.
import { z } from 'zod'

export const ERROR_CODES = [
  /** 400: a param, query or body field failed its schema; `details` lists `{ path, message }`. */
  'validation',
  /** 400 (or another 4xx without a code of its own): the request cannot be done as it was sent. */
  'bad_request',
  /** 400: a password change whose current password is wrong; `details` name `/currentPassword`. */
  'wrong_current_password',
  /** 400: finalizing an upload before all its chunks are staged; `details` list the missing ones. */
  'upload_incomplete',
  /** 401: no live session; the person may log in again and go on. */
  'unauthenticated',
  /** 401: a login refused (unknown username, wrong password or disabled account, not told apart). */
  'login_refused',
  /** 403: not allowed (registration is closed, a cross-site request). */
  'forbidden',
  /** 404: no such thing, or not visible to this caller (a draft to a visitor, an unknown API path). */
  'not_found',
  /** 409: the request clashes with the present state in a way no other code names. */
  'conflict',
  /** 409: a save based on an older version of the page; `details` say who saved it and when. */
  'edit_conflict',
  /** 409: the page changed since it was opened, or while an answer was made of it; load it again. */
  'page_changed',
  /** 409: a user or term of that name already exists. */
  'already_exists',
  /** 409: the last active administrator cannot be disabled or deleted. */
  'last_administrator',
  /** 409: a trash entry whose book or chapter is in the trash or gone; `details` name the one in the trash. */
  'parent_missing',
  /** 413: the body, file, picture or staged upload is over its limit. */
  'too_large',
  /** 415: the body's or file's type is not one this call takes. */
  'unsupported_media_type',
  /** 415: a Word file locked with a password (encrypted); it must be saved without the password first. */
  'encrypted_document',
  /** 429: too many tries or requests (or unfinished uploads); `Retry-After` where it is known. */
  'rate_limited',
  /** 503: the server cannot take this just now (exports busy, feedback inbox full); try again later. */
  'busy',
  /** 503 (GET /api/health): the database does not answer. */
  'unavailable',
  /** 503, made by the service worker: offline, and this page is not saved for offline reading. */
  'offline_missing',
  /** 500 (or another 5xx): the server failed; the body says no more. */
  'internal',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export const ApiErrorBody = z.object({
  error: z.string(),
  code: z.enum(ERROR_CODES),
  details: z.unknown().optional(),
})
export type ApiErrorBody = z.infer<typeof ApiErrorBody>
