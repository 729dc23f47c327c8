import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, terms } from '../../db/schema.ts'
import { testLibrary } from '../../../test-support/library-source.ts'
import { loginAs, useTestApp } from '../../test/test-app.ts'

const ctx = useTestApp()
const tiny = testLibrary('tiny')

let cookie: string | undefined
async function admin() {
  cookie ??= await loginAs(ctx)
  return cookie
}

/** A multipart/form-data body with one file, as a browser sends it. */
function multipart(content: string | Buffer, filename = 'terms.csv', type = 'text/csv', field = 'file') {
  const boundary = '----vitest-boundary-7d1f'
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`
  const payload = Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

async function upload(content: string | Buffer, filename?: string, type?: string, asAdmin = true) {
  const body = multipart(content, filename, type)
  const headers = asAdmin ? { ...body.headers, cookie: await admin() } : body.headers
  return ctx.app.inject({ method: 'POST', url: '/api/terms/import', payload: body.payload, headers })
}

async function termCount() {
  const [row] = await ctx.database.db.select({ n: count() }).from(terms)
  return row!.n
}

async function findTerm(term: string) {
  const [row] = await ctx.database.db.select().from(terms).where(eq(terms.term, term))
  return row
}

describe('terms import', () => {
  it('imports the tiny lexicon (50 created), and a second time updates all 50', async () => {
    const file = tiny.lexiconCsv
    const first = await upload(file)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ imported: 50, created: 50, updated: 0, rejected: [] })
    expect(await termCount()).toBe(50)
    expect((await findTerm(tiny.sampleTerm.term))?.description).toBe(tiny.sampleTerm.description)

    const again = await upload(file)
    expect(again.json()).toEqual({ imported: 50, created: 0, updated: 50, rejected: [] })
    expect(await termCount()).toBe(50)

    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'import'))
      .orderBy(auditLog.id)
    expect(audit).toMatchObject({ entity: 'term', username: 'admin' })
    expect(JSON.parse(audit!.details!)).toEqual({ created: 50, updated: 0, rejected: 0 })
  })

  it('reads a BOM, CRLF lines, and quoted fields with commas, "" quotes and newlines', async () => {
    const csv =
      '\ufeffterm,description,published\r\n' +
      'bom-first,"<p>one, two</p>",yes\r\n' +
      '"quoted ""word""","<p>line one\r\nline two</p>",No\r\n' +
      'third,plain,TRUE\r\n'
    const response = await upload(csv)
    expect(response.json()).toEqual({ imported: 3, created: 3, updated: 0, rejected: [] })
    expect(await findTerm('bom-first')).toMatchObject({ description: '<p>one, two</p>', published: true })
    expect(await findTerm('quoted "word"')).toMatchObject({
      description: '<p>line one\r\nline two</p>',
      published: false,
    })
    expect(await findTerm('third')).toMatchObject({ published: true })
  })

  it('reports bad rows by the line they start on and imports the rest', async () => {
    const csv = [
      'Term, Description ,PUBLISHED', // 1
      'good one,"<p>multi', // 2
      'line</p>",1', // 3
      'bad published,x,maybe', // 4
      ',no term,yes', // 5
      'no description,"<script>x</script>",yes', // 6
      'too,many,fields,here', // 7
      '"spans', // 8
      'two lines",x,0', // 9
      'good one,duplicate,yes', // 10
      '', // 11 (blank lines are not rows)
      'last,"<p onclick=""x()"">ok</p>",false', // 12
    ].join('\n')
    const response = await upload(csv)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      imported: 3,
      created: 3,
      updated: 0,
      rejected: [
        { line: 4, error: 'published must be yes or no, not "maybe"' },
        { line: 5, error: 'Term is required' },
        { line: 6, error: 'Description is required' },
        { line: 7, error: 'Expected 3 fields, found 4' },
        { line: 10, error: 'The term "good one" already appears on line 2' },
      ],
    })
    expect(await findTerm('last')).toMatchObject({ description: '<p>ok</p>', published: false })
    expect(await findTerm('spans\ntwo lines')).toBeDefined()
  })

  it('refuses a quote inside an unquoted field rather than guessing', async () => {
    const response = await upload('term,description,published\nx,<p class="a">y</p>,yes\n')
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatch(/^The CSV file could not be read: .*line 2/)
  })

  it('refuses a malformed CSV (unclosed quote) with a clear 400 and imports nothing', async () => {
    const before = await termCount()
    const response = await upload('term,description,published\nfine,ok,yes\nbroken,"never closed,yes\n')
    expect(response.statusCode).toBe(400)
    expect(response.json().error).toMatch(/^The CSV file could not be read: .*quote/i)
    expect(await termCount()).toBe(before)
  })

  it('refuses a file without the required columns, an empty file and a non-UTF-8 file', async () => {
    const missing = await upload('term,description\na,b\n')
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error).toMatch(/missing the column\(s\): published/)
    expect((await upload('')).json()).toEqual({ error: 'The CSV file is empty', code: 'bad_request' })
    expect((await upload(Buffer.from([0x74, 0x65, 0xff, 0xfe, 0x0a]))).json()).toEqual({
      error: 'The CSV file must be UTF-8 text',
      code: 'bad_request',
    })
  })

  it.each([
    ['picture.png', 'image/png'],
    ['terms.txt', 'text/plain'],
    ['terms.xls', 'application/vnd.ms-excel'],
    ['terms.csv', 'application/octet-stream'],
  ])('refuses %s sent as %s: "Please upload a CSV file"', async (filename, type) => {
    const response = await upload('term,description,published\nx,y,yes\n', filename, type)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: 'Please upload a CSV file', code: 'bad_request' })
  })

  it.each([
    ['terms.csv', 'application/vnd.ms-excel'],
    ['TERMS.CSV', 'text/plain'],
  ])('accepts %s sent as %s (what browsers on Windows send)', async (filename, type) => {
    const response = await upload(`term,description,published\nwindows ${filename} ${type},y,yes\n`, filename, type)
    expect(response.statusCode).toBe(200)
    expect(response.json().created).toBe(1)
  })

  it('refuses a request that is not multipart or has no file field', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/terms/import',
      payload: { file: 'x' },
      headers: { cookie: await admin() },
    })
    expect(json.statusCode).toBe(400)
    const body = multipart('term,description,published\n', 'terms.csv', 'text/csv', 'other')
    const wrongField = await ctx.app.inject({
      method: 'POST',
      url: '/api/terms/import',
      payload: body.payload,
      headers: { ...body.headers, cookie: await admin() },
    })
    expect(wrongField.json()).toEqual({ error: 'Please upload a CSV file', code: 'bad_request' })
  })

  it('answers 413 for a file over 10 MB and imports nothing', async () => {
    const before = await termCount()
    const row = `big,"${'x'.repeat(1000)}",yes\n`
    const response = await upload('term,description,published\n' + row.repeat(10_500))
    expect(response.statusCode).toBe(413)
    expect(response.json()).toHaveProperty('error')
    expect(await termCount()).toBe(before)
  })

  it('answers 401 without a session', async () => {
    const response = await upload('term,description,published\nx,y,yes\n', 'terms.csv', 'text/csv', false)
    expect(response.statusCode).toBe(401)
  })

  it('imports a 5 MB file of 5,000 rows in one go', async () => {
    const before = await termCount()
    const description = `<p>${'Kirjeldus, "tsitaat" ja ā ī ū. '.repeat(30)}</p>`.replaceAll('"', '""')
    const rows = Array.from({ length: 5000 }, (_, i) => `bulk term ${i},"${description}",${i % 2 ? 'yes' : 'no'}`)
    const csv = 'term,description,published\n' + rows.join('\n') + '\n'
    expect(csv.length).toBeGreaterThan(5_000_000)
    const response = await upload(csv)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ imported: 5000, created: 5000, updated: 0, rejected: [] })
    expect(await termCount()).toBe(before + 5000)
    expect(await findTerm('bulk term 4999')).toMatchObject({ published: true })
  })
})

describe('terms import with hostile bodies', () => {
  const boundary = 'xyz'
  const part = (headers: string, content: string) => `--${boundary}\r\n${headers}\r\n\r\n${content}\r\n`
  const disposition = 'Content-Disposition: form-data; name="file"; filename="t.csv"\r\nContent-Type: text/csv'
  const cases: [string, string, string | Buffer][] = [
    ['no boundary', 'multipart/form-data', part(disposition, 'a,b,c')],
    ['empty boundary', 'multipart/form-data; boundary=', part(disposition, 'a,b,c')],
    ['empty body', `multipart/form-data; boundary=${boundary}`, ''],
    ['truncated before the headers end', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disp`],
    ['no closing boundary', `multipart/form-data; boundary=${boundary}`, part(disposition, 'term,description\nx,y')],
    ['other boundary', `multipart/form-data; boundary=${boundary}`, part(disposition, 'a').replace(boundary, 'abc')],
    [
      'part without a name',
      `multipart/form-data; boundary=${boundary}`,
      part('Content-Disposition: form-data', 'x') + `--${boundary}--`,
    ],
    ['part without headers', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\n\r\nx\r\n--${boundary}--`],
    [
      'two files',
      `multipart/form-data; boundary=${boundary}`,
      part(disposition, 'a') + part(disposition, 'b') + `--${boundary}--`,
    ],
    ['garbage', `multipart/form-data; boundary=${boundary}`, Buffer.from([0xff, 0xfe, 0x00, 0x2d, 0x2d, 0x0d, 0x0a])],
    ['multipart/mixed', `multipart/mixed; boundary=${boundary}`, part(disposition, 'a') + `--${boundary}--`],
    ['text/csv body', 'text/csv', 'term,description,published\nx,y,yes\n'],
    ['application/xml', 'application/xml', '<x/>'],
    ['form-urlencoded', 'application/x-www-form-urlencoded', 'file=x'],
    ['no content type', '', 'term,description\n'],
    ['unknown type', 'application/octet-stream', Buffer.from([1, 2, 3])],
    ['bad charset', 'text/plain; charset=nonsense', 'x'],
  ]

  it.each(cases)('answers 4xx with a JSON error for %s, never 5xx', async (_name, type, payload) => {
    const headers: Record<string, string> = { cookie: await admin() }
    if (type) headers['content-type'] = type
    const response = await ctx.app.inject({ method: 'POST', url: '/api/terms/import', payload, headers })
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400)
    expect(response.statusCode, response.body).toBeLessThan(500)
    expect(response.json()).toHaveProperty('error')
  })
})
