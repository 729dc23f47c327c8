// Pieces every resource contract shares: ids in the path, paging in the query, paged answers.
import { z } from 'zod'

/** A database id: a positive integer that fits PostgreSQL's integer. */
export const Id = z.number().int().positive().max(2_147_483_647)

/** An id in the path: only digits, so `1.5`, `-1`, `abc` and `0` are 400, never 404. */
export const IdString = z
  .string()
  .regex(/^[0-9]{1,10}$/, 'must be a positive integer')
  .transform(Number)
  .pipe(Id)

export const IdParams = z.object({ id: IdString })
export type IdParams = z.infer<typeof IdParams>

/** Timestamps travel as ISO-8601 strings. */
export const Timestamp = z.string()

/** An integer `order` field: text from a form is converted, empty means the default 0. */
export const Order = z.coerce
  .number()
  .int('Order must be a whole number')
  .min(-2_147_483_648)
  .max(2_147_483_647)
  .default(0)

export const Pagination = z.object({
  page: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
})
export type Pagination = z.infer<typeof Pagination>

/** `{ data, pagination }` around a list of `item`. */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: Pagination })
}

const MAX_PAGE_LIMIT = 100

/** `?page&limit&search`; page from 1, limit 1…100 (the route supplies the default limit). */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).optional(),
  search: z.string().max(200).optional(),
})
export type PageQuery = z.infer<typeof PageQuery>

/** The pagination block for `total` items shown `limit` at a time, on page `page`. */
export function pagination(page: number, limit: number, total: number): Pagination {
  const totalPages = Math.ceil(total / limit)
  return { page, total, totalPages, hasNext: page < totalPages, hasPrev: page > 1 }
}
