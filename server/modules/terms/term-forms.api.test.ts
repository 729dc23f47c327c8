// Every term's forms in term_forms: written with the term when it is created, changed or imported
// (the CSV's pattern and forms columns), and written again in the background when an older
// generator wrote them (decision 055).
import { asc, eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { termForms, terms } from '../../db/schema.ts'
import { loginAs, useTestApp } from '../../test/test-app.ts'
import { FORMS_VERSION } from './term-forms.ts'

const ctx = useTestApp()

let cookie: string | undefined
async function admin() {
  cookie ??= await loginAs(ctx)
  return cookie
}

async function write(method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) {
  return ctx.app.inject({ method, url, payload, headers: { cookie: await admin() } })
}

function multipart(content: string) {
  const boundary = '----vitest-boundary-forms'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="terms.csv"\r\nContent-Type: text/csv\r\n\r\n`
  return {
    payload: Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}
async function upload(csv: string) {
  const body = multipart(csv)
  return ctx.app.inject({
    method: 'POST',
    url: '/api/terms/import',
    payload: body.payload,
    headers: { ...body.headers, cookie: await admin() },
  })
}

/** The stored forms of a term, lightest first. */
async function storedForms(term: string) {
  return ctx.database.db
    .select({ form: termForms.form, plain: termForms.plain, grammar: termForms.grammar, weight: termForms.weight })
    .from(termForms)
    .innerJoin(terms, eq(terms.id, termForms.termId))
    .where(eq(terms.term, term))
    .orderBy(asc(termForms.weight), asc(termForms.form))
}
async function formsOfTerm(term: string) {
  return (await storedForms(term)).map((row) => row.form)
}

describe('term forms: written with the term', () => {
  it('generates the forms on create, answers them, and writes them again on update', async () => {
    const created = await write('POST', '/api/terms', {
      term: 'nibbānaṃ',
      description: '<p>vabanemine</p>',
      published: true,
    })
    expect(created.statusCode).toBe(201)
    const term = created.json()
    expect(term).toMatchObject({ pattern: null, extraForms: [] })
    expect(term.forms[0]).toEqual({ form: 'nibbānaṃ', grammar: expect.any(String) })
    expect(term.forms.map((f: { form: string }) => f.form)).toContain('nibbānassa')

    const stored = await storedForms('nibbānaṃ')
    expect(stored.find((row) => row.form === 'nibbānassa')).toMatchObject({ plain: 'nibbanassa', weight: 1 })
    expect(stored.find((row) => row.form === 'nibbānaṃ')).toMatchObject({ plain: 'nibbanam', weight: 0 })

    // The single term's answer has them, in the same order; the lists do not.
    const single = await ctx.app.inject({ url: `/api/terms/${term.id}` })
    expect(single.json().forms).toEqual(term.forms)
    const list = await ctx.app.inject({ url: '/api/terms' })
    expect(list.json()[0]).not.toHaveProperty('forms')
    expect(list.json()[0]).toMatchObject({ pattern: null, extraForms: [] })

    // A pattern chosen and extra forms added: the forms follow.
    const updated = await write('PUT', `/api/terms/${term.id}`, {
      term: 'nibbānaṃ',
      description: '<p>vabanemine</p>',
      published: true,
      pattern: 'a-neut',
      extraForms: ['nibbutiṃ ', '', 'nibbutiṃ'],
    })
    expect(updated.statusCode).toBe(200)
    expect(updated.json()).toMatchObject({ pattern: 'a-neut', extraForms: ['nibbutiṃ'] })
    const after = await formsOfTerm('nibbānaṃ')
    expect(after).toContain('nibbutiṃ')
    expect(after).toContain('nibbānassa')

    // An update that names neither keeps both.
    const kept = await write('PUT', `/api/terms/${term.id}`, {
      term: 'nibbānaṃ',
      description: '<p>x</p>',
      published: true,
    })
    expect(kept.json()).toMatchObject({ pattern: 'a-neut', extraForms: ['nibbutiṃ'] })
    expect(await formsOfTerm('nibbānaṃ')).toEqual(after)

    // Back to automatic.
    const automatic = await write('PUT', `/api/terms/${term.id}`, {
      term: 'nibbānaṃ',
      description: '<p>x</p>',
      published: true,
      pattern: null,
      extraForms: [],
    })
    expect(automatic.json()).toMatchObject({ pattern: null, extraForms: [] })
    expect(await formsOfTerm('nibbānaṃ')).not.toContain('nibbutiṃ')

    // The forms go with the term.
    await ctx.app.inject({ method: 'DELETE', url: `/api/terms/${term.id}`, headers: { cookie: await admin() } })
    expect(await ctx.database.db.select().from(termForms).where(eq(termForms.termId, term.id))).toEqual([])
  })

  it('refuses an unknown pattern and too many or too long extra forms with 400', async () => {
    const base = { term: 'vedanā', description: '<p>tunne</p>' }
    const unknown = await write('POST', '/api/terms', { ...base, pattern: 'xyz' })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().code).toBe('validation')
    const many = await write('POST', '/api/terms', {
      ...base,
      extraForms: Array.from({ length: 51 }, (_, i) => `f${i}`),
    })
    expect(many.statusCode).toBe(400)
    expect(many.json().error).toMatch(/50/)
    const long = await write('POST', '/api/terms', { ...base, extraForms: ['a'.repeat(101)] })
    expect(long.statusCode).toBe(400)
    expect(long.json().error).toMatch(/100/)
  })
})

describe('term forms: the CSV import', () => {
  it('imports the pattern and forms columns; an unknown pattern rejects its row', async () => {
    const csv = [
      'term,description,published,pattern,forms',
      'rājā,<p>kuningas</p>,yes,an-masc,"rañño;raññā, rājūhi"',
      'bhagavā,<p>Õnnistatu</p>,yes,,bhagavato',
      'kammaṃ,<p>tegu</p>,yes,,',
      'bad,<p>x</p>,yes,no-such-pattern,',
    ].join('\n')
    const response = await upload(csv)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ imported: 3, created: 3, updated: 0 })
    expect(response.json().rejected).toEqual([
      { line: 5, error: expect.stringMatching(/^Unknown pattern "no-such-pattern" \(known patterns: a-masc, /) },
    ])

    const [raja] = await ctx.database.db.select().from(terms).where(eq(terms.term, 'rājā'))
    expect(raja).toMatchObject({
      pattern: 'an-masc',
      extraForms: ['rañño', 'raññā', 'rājūhi'],
      formsVersion: FORMS_VERSION,
    })
    const rajaForms = await storedForms('rājā')
    expect(rajaForms.find((row) => row.form === 'rañño')).toMatchObject({ weight: 3, plain: 'ranno' })
    expect(rajaForms[0]).toMatchObject({ form: 'rājā', weight: 0 })
    expect(await formsOfTerm('bhagavā')).toContain('bhagavato')
    expect(await formsOfTerm('kammaṃ')).toContain('kammassa')

    // A file without those columns leaves the terms' pattern and extra forms as they are.
    const again = await upload('term,description,published\nrājā,<p>kuningas!</p>,yes\n')
    expect(again.json()).toMatchObject({ updated: 1, rejected: [] })
    const [still] = await ctx.database.db.select().from(terms).where(eq(terms.term, 'rājā'))
    expect(still).toMatchObject({ description: '<p>kuningas!</p>', pattern: 'an-masc' })
    expect(await formsOfTerm('rājā')).toContain('rañño')

    // An empty pattern cell means automatic again.
    await upload('term,description,published,pattern\nrājā,<p>kuningas</p>,yes,\n')
    const [automatic] = await ctx.database.db.select().from(terms).where(eq(terms.term, 'rājā'))
    expect(automatic).toMatchObject({ pattern: null, extraForms: ['rañño', 'raññā', 'rājūhi'] })
  })
})

describe('term forms: written again when the generator changed', () => {
  it('rewrites, in batches, the forms of terms an older generator wrote', async () => {
    const names = ['saddhā', 'paññā', 'cittaṃ']
    for (const term of names) {
      expect((await write('POST', '/api/terms', { term, description: '<p>x</p>', published: true })).statusCode).toBe(
        201,
      )
    }
    const rows = await ctx.database.db.select({ id: terms.id }).from(terms).where(inArray(terms.term, names))
    const ids = rows.map((row) => row.id)
    // As an older generator left them: a version behind, some forms missing, one wrong.
    await ctx.database.db
      .update(terms)
      .set({ formsVersion: FORMS_VERSION - 1 })
      .where(inArray(terms.id, ids))
    await ctx.database.db.delete(termForms).where(inArray(termForms.termId, ids))
    await ctx.database.db.execute(
      sql`INSERT INTO term_forms (term_id, form, plain, grammar, weight) VALUES (${ids[0]!}, 'stale', 'stale', 'x', 1)`,
    )
    const lookup = async (word: string) =>
      (await ctx.app.inject({ url: `/api/terms/lookup?word=${encodeURIComponent(word)}` })).json()
    expect((await lookup('paññāya')).matches).toEqual([])

    const written = await ctx.app.state.formsRegeneration.start({ batch: 2, pauseMs: 0 })
    expect(written).toBe(3)
    expect(await formsOfTerm('saddhā')).not.toContain('stale')
    expect(await formsOfTerm('paññā')).toContain('paññāya')
    expect(await formsOfTerm('cittaṃ')).toContain('cittassa')
    const versions = await ctx.database.db.select({ v: terms.formsVersion }).from(terms).where(inArray(terms.id, ids))
    expect(versions.map((row) => row.v)).toEqual([FORMS_VERSION, FORMS_VERSION, FORMS_VERSION])
    // The lookup index heard of it.
    expect((await lookup('paññāya')).matches[0]).toMatchObject({ term: 'paññā' })
    // Nothing left to do.
    expect(await ctx.app.state.formsRegeneration.start()).toBe(0)
  })
})
