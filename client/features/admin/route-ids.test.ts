import { describe, expect, it } from 'vitest'
import { ApiError } from '#client/api/http.ts'
import { isNotFound, parseRouteId, serverTextOr } from './route-ids.ts'

describe('parseRouteId', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['abc', null],
    ['0', null],
    ['-1', null],
    ['1.5', null],
    ['', null],
    [undefined, null],
    ['99999999999', null],
  ])('reads %j as %j', (value, expected) => {
    expect(parseRouteId(value)).toBe(expected)
  })
})

describe('failure helpers', () => {
  const refusal = new ApiError({ status: 409, statusText: 'Conflict', bodyText: '{"error":"Term already exists"}' })
  const crash = new ApiError({ status: 500, statusText: 'Internal Server Error', bodyText: '{"error":"db"}' })
  const missing = new ApiError({
    status: 404,
    statusText: 'Not Found',
    bodyText: '{"error":"Book not found","code":"not_found"}',
  })
  const noId = new ApiError({
    status: 400,
    statusText: 'Bad Request',
    bodyText: '{"error":"params.id: Invalid input","code":"validation","details":[]}',
  })

  it("uses the server's message for refusals only", () => {
    expect(serverTextOr(refusal, 'Failed to save term')).toBe('Term already exists')
    expect(serverTextOr(crash, 'Failed to save term')).toBe('Failed to save term')
    expect(serverTextOr(new Error('offline'), 'Failed to save term')).toBe('Failed to save term')
  })

  it('treats not_found, and an id the server refused, as not found', () => {
    expect(isNotFound(missing)).toBe(true)
    expect(isNotFound(noId)).toBe(true)
    expect(isNotFound(crash)).toBe(false)
    expect(isNotFound(refusal)).toBe(false)
  })
})
