// Rows leave the database with Date objects; the API speaks ISO-8601 strings.
type WithIsoDates<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] }

export function withIsoDates<T extends object>(row: T): WithIsoDates<T> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(row)) out[key] = value instanceof Date ? value.toISOString() : value
  return out as WithIsoDates<T>
}
