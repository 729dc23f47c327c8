// Hand checks of what the public API answers, for the code every visitor downloads. The shared zod
// schemas stay the contract (the server validates each answer against them before sending it, and
// the client's types are theirs), but parsing with them here would put zod in the reader's first
// page (~25 KB gzip of a 200 KB budget). These checks look at the fields the screens use, so a wrong
// answer (another server, a proxy's page) fails as an error instead of drawing nonsense.
// Forms and admin screens, loaded later, still use the zod schemas.

/** An answer that does not have the contract's shape. */
export class AnswerShapeError extends Error {
  constructor(what: string) {
    super(`Unexpected answer from ${what}`)
    this.name = 'AnswerShapeError'
  }
}

export type Check = (value: unknown) => boolean

export const isString: Check = (value) => typeof value === 'string'
export const isBoolean: Check = (value) => typeof value === 'boolean'
export const isInteger: Check = (value) => Number.isInteger(value)
export const isId: Check = (value) => Number.isInteger(value) && (value as number) > 0

export const nullable =
  (check: Check): Check =>
  (value) =>
    value === null || check(value)

export const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value)

export const arrayOf =
  (item: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(item)

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** An object with these fields; the field names must be the contract type's (checked by tsc). */
export function objectOf<T>(fields: { [Key in keyof T]?: Check }): Check {
  const entries = Object.entries(fields) as Array<[string, Check]>
  return (value) => isRecord(value) && entries.every(([key, check]) => check(value[key]))
}

/** The answer as its contract type, once it passed the check. */
export function expectAnswer<T>(value: unknown, check: Check, what: string): T {
  if (!check(value)) throw new AnswerShapeError(what)
  return value as T
}
