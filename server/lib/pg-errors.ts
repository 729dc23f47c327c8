// PostgreSQL error codes, whether node-postgres raised the error or Drizzle wrapped it.
export const UNIQUE_VIOLATION = '23505'
export const FOREIGN_KEY_VIOLATION = '23503'

/** What the database said: the error (or the cause Drizzle wrapped) that carries a SQLSTATE. */
export function pgError(error: unknown): { code: string; message: string; detail?: string } | undefined {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, message, detail } = current as { code?: unknown; message?: unknown; detail?: unknown }
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, message: String(message), ...(typeof detail === 'string' ? { detail } : {}) }
    }
  }
  return undefined
}

export const pgErrorCode = (error: unknown): string | undefined => pgError(error)?.code
