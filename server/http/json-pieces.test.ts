import { describe, expect, it } from 'vitest'
import { jsonPieces, jsonStream } from './json-pieces.ts'

async function collect(pieces: AsyncIterable<Buffer>) {
  const parts: Buffer[] = []
  for await (const piece of pieces) parts.push(piece)
  return parts
}

describe('jsonPieces', () => {
  it('gives the text JSON.stringify gives, long strings escaped a slice at a time', async () => {
    // Quotes, backslashes, control characters, Pāli and Estonian letters, an emoji (a surrogate pair)
    // at every offset, and lone surrogates, which JSON.stringify escapes as \\uXXXX.
    const unit = 'a"b\\c\n\t\u0001 ṁ ñ ā õ ü 🙏 \ud800 x \udc00 </script>'
    const long = unit.repeat(20_000)
    const value = {
      id: 7,
      title: 'Dīgha "Nikāya"',
      content: long,
      nothing: undefined,
      processedContent: `${long}🙏`,
      headers: [{ text: 'Pāli', level: 2, id: 'pali' }],
      linksContent: null,
      published: true,
    }
    for (const slice of [37, 74, 111, 259, 4096, 65_536]) {
      const parts = await collect(jsonPieces(value, slice))
      const text = Buffer.concat(parts).toString()
      expect(text).toBe(JSON.stringify(value))
    }
    // A slice of one character next to a surrogate pair still keeps the pair whole.
    const pairs = { text: `${'🙏'.repeat(40_000)}a${'🙏'.repeat(40_000)}` }
    expect(Buffer.concat(await collect(jsonPieces(pairs, 1))).toString()).toBe(JSON.stringify(pairs))
  })

  it('sends a long string in many bounded pieces, and a small object in one', async () => {
    const value = { id: 1, content: 'x'.repeat(3_000_000) }
    const parts = await collect(jsonPieces(value, 512 * 1024))
    expect(parts.length).toBeGreaterThanOrEqual(6)
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(512 * 1024 + 100)
    expect(await collect(jsonPieces({ id: 1, title: 'short' }))).toHaveLength(1)
  })

  it('streams as bytes', async () => {
    const value = { content: 'õ'.repeat(200_000) }
    const text = Buffer.concat(await collect(jsonStream(value, 10_000))).toString()
    expect(JSON.parse(text)).toEqual(value)
  })
})
