// Feedback tied to the place (issue 16): sent from a reader page it records the page (and its title
// at sending time), the passage the reader had selected and the block it starts in; the inbox lists
// them, and a page deleted since leaves the title and the passage but no page.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { FEEDBACK_BLOCK_ID_MAX_CHARS, FEEDBACK_PASSAGE_MAX_CHARS } from '#shared/limits.ts'
import { contentPages, feedback } from '../../db/schema.ts'
import { makeBook, makeChapter } from '../../test/factories.ts'
import { loginAs, useTestApp } from '../../test/test-app.ts'

const ctx = useTestApp()

let cookie: string | undefined
async function admin() {
  cookie ??= await loginAs(ctx)
  return { cookie }
}

async function makePage(title: string, published = true) {
  const book = await makeBook(ctx.database)
  const chapter = await makeChapter(ctx.database, { bookId: book.id })
  const [page] = await ctx.database.db
    .insert(contentPages)
    .values({ chapterId: chapter.id, title, content: '<p id="b1">Tekst.</p>', published })
    .returning()
  return page!
}

// each from its own address: the file sends more than one address may in an hour
let sender = 0
const send = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/feedback',
    payload,
    headers,
    remoteAddress: `198.51.100.${++sender}`,
  })

async function inbox() {
  const answer = await ctx.app.inject({ url: '/api/admin/feedback?limit=100', headers: await admin() })
  expect(answer.statusCode).toBe(200)
  return answer.json() as { data: Record<string, unknown>[] }
}

describe('feedback tied to the place', () => {
  it('records the page, its title, the passage and the block, and lists them for administrators', async () => {
    const page = await makePage('Saṃyutta Nikāya 55.37')
    const passage = 'Kui, Mahānāma, õilis jünger  on usus …'
    const sent = await send({ feedback: 'Kirjaviga siin', contentId: page.id, passage, blockId: 'sn55-37-b2' })
    expect(sent.statusCode).toBe(201)
    expect(sent.json()).toMatchObject({
      contentId: page.id,
      pageTitle: 'Saṃyutta Nikāya 55.37',
      passage: 'Kui, Mahānāma, õilis jünger  on usus …',
      blockId: 'sn55-37-b2',
    })

    const listed = (await inbox()).data.find((item) => item.id === sent.json().id)
    expect(listed).toEqual({
      id: sent.json().id,
      name: null,
      email: null,
      feedback: 'Kirjaviga siin',
      handled: false,
      createdAt: expect.any(String),
      contentId: page.id,
      pageTitle: 'Saṃyutta Nikāya 55.37',
      passage,
      blockId: 'sn55-37-b2',
    })
  })

  it('keeps working without a place (older clients), and with a page but no passage', async () => {
    const plain = await send({ name: 'Mari', feedback: 'Aitäh!' })
    expect(plain.statusCode).toBe(201)
    expect(plain.json()).toMatchObject({ contentId: null, pageTitle: null, passage: null, blockId: null })

    const nulls = await send({ feedback: 'x', contentId: null, passage: null, blockId: null })
    expect(nulls.statusCode).toBe(201)

    const page = await makePage('Ilma valikuta')
    const pageOnly = await send({ feedback: 'Hea leht', contentId: page.id, passage: '   ', blockId: null })
    expect(pageOnly.statusCode).toBe(201)
    expect(pageOnly.json()).toMatchObject({ contentId: page.id, pageTitle: 'Ilma valikuta', passage: null })
  })

  it('takes a passage of exactly the limit', async () => {
    const page = await makePage('Pikk lõik')
    const passage = 'ä'.repeat(FEEDBACK_PASSAGE_MAX_CHARS)
    const sent = await send({ feedback: 'x', contentId: page.id, passage, blockId: 'b1' })
    expect(sent.statusCode).toBe(201)
    expect(sent.json().passage).toBe(passage)
  })

  it.each([
    [{ contentId: 0 }, /contentId/],
    [{ contentId: -3 }, /contentId/],
    [{ contentId: 1.5 }, /contentId/],
    [{ contentId: '7' }, /contentId/],
    [{ contentId: 2 ** 31 }, /contentId/],
    [{ contentId: [1] }, /contentId/],
    [{ contentId: 1, passage: 'x'.repeat(FEEDBACK_PASSAGE_MAX_CHARS + 1) }, /passage: Passage is too long/],
    [{ contentId: 1, passage: 42 }, /passage/],
    [{ contentId: 1, blockId: '' }, /blockId: blockId must be an element id/],
    [{ contentId: 1, blockId: 'two words' }, /blockId/],
    [{ contentId: 1, blockId: 'tab\there' }, /blockId/],
    [{ contentId: 1, blockId: 'bell\u0007' }, /blockId/],
    [{ contentId: 1, blockId: 'b'.repeat(FEEDBACK_BLOCK_ID_MAX_CHARS + 1) }, /blockId/],
    [{ passage: 'ilma leheta' }, /contentId: A passage or blockId needs the contentId/],
    [{ blockId: 'b1' }, /contentId: A passage or blockId needs/],
  ])('answers 400 naming the field for %j', async (place, message) => {
    const answer = await send({ feedback: 'x', ...place })
    expect(answer.statusCode).toBe(400)
    expect(answer.json().error).toMatch(message)
  })

  it('refuses a NUL in the passage with 400, not a database error', async () => {
    const page = await makePage('NUL')
    const answer = await send({ feedback: 'x', contentId: page.id, passage: 'a\u0000b' })
    expect(answer.statusCode).toBe(400)
  })

  it('keeps the words but no page for a page that does not exist, or that a visitor cannot see', async () => {
    const missing = await send({ feedback: 'Kadunud leht', contentId: 2_000_000_000, passage: 'lõik', blockId: 'b9' })
    expect(missing.statusCode).toBe(201)
    expect(missing.json()).toMatchObject({ contentId: null, pageTitle: null, passage: 'lõik', blockId: null })

    const draft = await makePage('Salajane mustand', false)
    const visitor = await send({ feedback: 'Mustand?', contentId: draft.id, passage: 'lõik', blockId: 'b1' })
    expect(visitor.statusCode).toBe(201)
    // the answer does not tell a visitor a draft's title
    expect(visitor.json()).toMatchObject({ contentId: null, pageTitle: null, blockId: null })
    expect(visitor.body).not.toContain('Salajane')

    // an administrator reads drafts, so their feedback about one is tied to it
    const byAdmin = await send({ feedback: 'Mustandi märkus', contentId: draft.id, blockId: 'b1' }, await admin())
    expect(byAdmin.statusCode).toBe(201)
    expect(byAdmin.json()).toMatchObject({ contentId: draft.id, pageTitle: 'Salajane mustand', blockId: 'b1' })
  })

  it('keeps the title and the passage when the page is deleted; the page goes (ON DELETE SET NULL)', async () => {
    const page = await makePage('Varsti kustutatud')
    const sent = (await send({ feedback: 'Enne', contentId: page.id, passage: 'see lõik', blockId: 'b1' })).json()
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/content/${page.id}`, headers: await admin() })
    expect(deleted.statusCode).toBeLessThan(300)

    const listed = (await inbox()).data.find((item) => item.id === sent.id)
    expect(listed).toMatchObject({
      contentId: null,
      pageTitle: 'Varsti kustutatud',
      passage: 'see lõik',
      blockId: 'b1',
    })
    const [row] = await ctx.database.db.select().from(feedback).where(eq(feedback.id, sent.id))
    expect(row!.contentId).toBeNull()
  })

  it('keeps the title it had when sent, after the page is renamed', async () => {
    const page = await makePage('Vana pealkiri')
    const sent = (await send({ feedback: 'x', contentId: page.id })).json()
    await ctx.database.db.update(contentPages).set({ title: 'Uus pealkiri' }).where(eq(contentPages.id, page.id))
    const listed = (await inbox()).data.find((item) => item.id === sent.id)
    expect(listed).toMatchObject({ contentId: page.id, pageTitle: 'Vana pealkiri' })
  })
})
