// POST /api/terms/suggestions over HTTP ("Märgi terminid"): administrators only, the unmarked whole
// forms of terms found in the HTML (a term made a moment ago too), bodies over the limits refused.
import { describe, expect, it } from 'vitest'
import { TERM_SUGGESTIONS_HTML_MAX_CHARS } from '#shared/limits.ts'
import { loginAs, useTestApp } from '../../test/test-app.ts'

const ctx = useTestApp()

let cookie: string | undefined
async function admin() {
  cookie ??= await loginAs(ctx)
  return cookie
}

async function createTerm(term: string, published = true) {
  const answer = await ctx.app.inject({
    method: 'POST',
    url: '/api/terms',
    payload: { term, description: `<p>${term}</p>`, published },
    headers: { cookie: await admin() },
  })
  expect(answer.statusCode, answer.body).toBe(201)
  return answer.json() as { id: number }
}

async function suggest(payload: unknown, asAdmin = true) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/terms/suggestions',
    payload: payload as Record<string, unknown>,
    headers: asAdmin ? { cookie: await admin() } : {},
  })
}

describe('POST /api/terms/suggestions', () => {
  it('is for administrators only', async () => {
    const answer = await suggest({ html: '<p>dhammassa</p>' }, false)
    expect(answer.statusCode).toBe(401)
  })

  it('finds the unmarked whole forms of terms, published or not, the most frequent first', async () => {
    const dhammo = await createTerm('dhammo')
    const sati = await createTerm('sati', false)
    const html =
      '<p>Dhammassa desanā: dhammassa, <a href="/term/' +
      dhammo.id +
      '" data-term="dhammo">dhammassa</a>, dhammassa.</p><p>satiyā dhammo\'ti dhammacakkaṃ</p>'
    const answer = await suggest({ html })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toEqual({
      suggestions: [
        { termId: dhammo.id, term: 'dhammo', form: 'dhammassa', grammar: expect.any(String), count: 2 },
        { termId: dhammo.id, term: 'dhammo', form: 'Dhammassa', grammar: expect.any(String), count: 1 },
        { termId: sati.id, term: 'sati', form: 'satiyā', grammar: expect.any(String), count: 1 },
      ],
    })
    expect(answer.json().suggestions[0].grammar).not.toBe('')

    // Every occurrence marked: nothing is left to suggest.
    const marked = `<p><a href="/term/${dhammo.id}" data-term="dhammo">dhammassa</a></p>`
    expect((await suggest({ html: marked })).json()).toEqual({ suggestions: [] })
  })

  it('refuses text over the limit with 400 and a body over the body limit with 413', async () => {
    const long = await suggest({ html: 'a'.repeat(TERM_SUGGESTIONS_HTML_MAX_CHARS + 1) })
    expect(long.statusCode).toBe(400)
    expect(long.json().error).toMatch(/too long/)
    // The whole limit itself is accepted.
    expect((await suggest({ html: 'a'.repeat(TERM_SUGGESTIONS_HTML_MAX_CHARS) })).statusCode).toBe(200)

    const huge = await suggest({ html: 'a'.repeat(TERM_SUGGESTIONS_HTML_MAX_CHARS * 4 + 2048) })
    expect(huge.statusCode).toBe(413)
    expect((await suggest({})).statusCode).toBe(400)
  })
})
