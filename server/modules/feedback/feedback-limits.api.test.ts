// Anonymous feedback is bounded: per client address (a burst from one address stores a few dozen
// at most) and in total (unread feedback is capped, so a script cannot fill the disk).
import { count, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { feedback } from '../../db/schema.ts'
import { useTestApp } from '../../test/test-app.ts'
import { FEEDBACK_MAX_UNREAD, FEEDBACK_PER_ADDRESS } from './feedback.routes.ts'

const ctx = useTestApp()

const send = (remoteAddress: string, text = 'Aitäh!') =>
  ctx.app.inject({ method: 'POST', url: '/api/feedback', payload: { feedback: text }, remoteAddress })

const stored = async () => (await ctx.database.db.select({ n: count() }).from(feedback))[0]!.n

describe('feedback limits', () => {
  it('stores at most the per-address limit of a burst of 300 from one address; the rest get 429', async () => {
    await ctx.database.db.delete(feedback)
    const answers = await Promise.all(Array.from({ length: 300 }, (_, i) => send('198.51.100.20', `spam ${i}`)))
    const created = answers.filter((a) => a.statusCode === 201).length
    const limited = answers.filter((a) => a.statusCode === 429)
    console.log(`feedback burst: 300 parallel from one address, ${created} stored, ${limited.length} refused (429)`)
    expect(created).toBe(FEEDBACK_PER_ADDRESS.max)
    expect(await stored()).toBe(FEEDBACK_PER_ADDRESS.max)
    expect(limited).toHaveLength(300 - FEEDBACK_PER_ADDRESS.max)
    const retryAfter = Number(limited[0]!.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(FEEDBACK_PER_ADDRESS.timeWindow / 1000)
    expect(limited[0]!.json()).toEqual({ error: expect.stringMatching(/Too many requests/), code: 'rate_limited' })
    // another address is not affected
    expect((await send('198.51.100.21')).statusCode).toBe(201)
  })

  it('counts IPv6 clients by their network, so rotating addresses within it does not escape the limit', async () => {
    await ctx.database.db.delete(feedback)
    const answers = []
    for (let i = 0; i < FEEDBACK_PER_ADDRESS.max + 5; i++) answers.push(await send(`2001:db8:1:2::${i.toString(16)}`))
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(FEEDBACK_PER_ADDRESS.max)
    expect((await send('2001:db8:9::1')).statusCode).toBe(201)
  })

  it('refuses new feedback while the inbox holds the maximum of unread items, and takes it once some are read', async () => {
    await ctx.database.db.delete(feedback)
    await ctx.database.db.execute(
      sql`INSERT INTO feedback (feedback) SELECT 'filler ' || n FROM generate_series(1, ${FEEDBACK_MAX_UNREAD}) AS n`,
    )
    const full = await send('198.51.100.30')
    expect(full.statusCode).toBe(503)
    expect(full.json().error).toMatch(/inbox is full/)
    expect(await stored()).toBe(FEEDBACK_MAX_UNREAD)
    const [oldest] = await ctx.database.db.select({ id: feedback.id }).from(feedback).limit(1)
    await ctx.database.db.update(feedback).set({ handled: true }).where(eq(feedback.id, oldest!.id))
    expect((await send('198.51.100.31')).statusCode).toBe(201)
    expect((await send('198.51.100.32')).statusCode).toBe(503)
  })
})
