// Turning `?page&limit` into an offset, and a total into the API's pagination block.
import { pagination, type PageQuery } from '#shared/api/common.ts'

export interface Page {
  page: number
  limit: number
  offset: number
}

export function pageOf(query: PageQuery, defaultLimit: number): Page {
  const page = query.page ?? 1
  const limit = query.limit ?? defaultLimit
  return { page, limit, offset: (page - 1) * limit }
}

/** `{ data, pagination }`; a page past the end is an empty list, not an error. */
export function pageResult<T>(rows: T[], total: number, page: Page) {
  return { data: rows, pagination: pagination(page.page, page.limit, total) }
}
