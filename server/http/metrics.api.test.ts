// GET /metrics: Prometheus's text for administrators and METRICS_ALLOW's addresses, the not-found
// answer for anyone else; routes labelled by their pattern, the pool, caches and jobs reported.
import { describe, expect, it } from 'vitest'
import { loginAs, useTestApp } from '../test/test-app.ts'
import { allowList } from './metrics.ts'

const ctx = useTestApp({ metricsAllow: ['10.20.0.0/16', '192.0.2.7', 'fd00::/8'] })

const scrape = (options: { cookie?: string; remoteAddress?: string } = {}) =>
  ctx.app.inject({
    url: '/metrics',
    headers: options.cookie ? { cookie: options.cookie } : {},
    remoteAddress: options.remoteAddress ?? '198.51.100.1',
  })

/** The value of one sample line, `name{labels} value`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe('GET /metrics', () => {
  it('answers a visitor exactly as an unknown path, and an address outside METRICS_ALLOW too', async () => {
    const unknown = await ctx.app.inject({ url: '/no-such-page', remoteAddress: '198.51.100.1' })
    for (const answer of [await scrape(), await scrape({ remoteAddress: '10.21.0.1' })]) {
      expect(answer.statusCode).toBe(404)
      expect(answer.headers['content-type']).toBe(unknown.headers['content-type'])
      expect(answer.body.replace('/metrics', '/no-such-page')).toBe(unknown.body)
    }
  })

  it('answers the addresses METRICS_ALLOW names, without a session', async () => {
    for (const remoteAddress of ['10.20.3.4', '192.0.2.7', '::ffff:192.0.2.7', 'fd00::1']) {
      const answer = await scrape({ remoteAddress })
      expect(answer.statusCode, remoteAddress).toBe(200)
      expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    }
  })

  it('answers an administrator with requests by route pattern, the pool, caches, job and process', async () => {
    const cookie = await loginAs(ctx)
    for (const id of [101, 102, 103]) expect((await ctx.app.inject({ url: `/api/books/${id}` })).statusCode).toBe(404)
    await ctx.app.inject({ url: '/api/health' })
    const answer = await scrape({ cookie })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['cache-control']).toBe('no-store')
    const text = answer.body

    // By the route's pattern, never the address asked for: the labels stay as few as the routes.
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/books/:id",status_code="404"}'),
    ).toBe(3)
    expect(text).not.toContain('/api/books/101')
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/health",status_code="200"}'),
    ).toBe(1)
    // Paths no route has are not counted one by one.
    await ctx.app.inject({ url: '/random/path/1' })
    expect((await scrape({ cookie })).body).not.toContain('/random/path')

    const kind = ctx.database.kind
    expect(sample(text, `encyclopedia_db_pool_max_connections{database="${kind}"}`)).toBe(kind === 'pglite' ? 1 : 5)
    expect(sample(text, `encyclopedia_db_pool_connections{database="${kind}"}`)).toBeGreaterThanOrEqual(1)
    expect(sample(text, `encyclopedia_db_pool_waiting_requests{database="${kind}"}`)).toBe(0)
    expect(sample(text, 'encyclopedia_cache_entries{cache="reader_chunks"}')).toBeGreaterThanOrEqual(0)
    expect(sample(text, 'encyclopedia_cache_bytes{cache="reader_pages"}')).toBeGreaterThanOrEqual(0)
    expect(sample(text, 'encyclopedia_reprocessing_running')).toBe(0)
    expect(sample(text, 'encyclopedia_reprocessing_pages{count="done"}')).toBe(0)
    expect(text).toMatch(/^encyclopedia_build_info\{version="[^"]+"\} 1$/m)
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m)
    expect(text).toMatch(/^process_resident_memory_bytes \d/m)
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m)
  })
})

describe('METRICS_ALLOW', () => {
  it('takes addresses and ranges of both families', () => {
    const allowed = allowList(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8'])
    expect(['127.0.0.1', '::ffff:127.0.0.1', '10.255.0.9', '::1', 'fd12::3'].map(allowed)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ])
    expect(['127.0.0.2', '11.0.0.1', '::2', 'fe80::1'].map(allowed)).toEqual([false, false, false, false])
    expect(allowList([])('127.0.0.1')).toBe(false)
  })
})
