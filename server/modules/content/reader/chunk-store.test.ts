// The chunk store: bytes made once however many ask, compressed once off the main thread into the
// exact bytes that decompress to the JSON text, and the reader's size kept apart from other sizes.
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { READER_CHUNK_SIZE } from '#shared/limits.ts'
import { ChunkStore, chunkKey } from './chunk-store.ts'

const json = (n: number) => JSON.stringify({ chunk: `<p>Lõik ${n} ${'nibbāna '.repeat(500)}</p>`, hasMore: true })

/** Waits until `check` holds (compression runs on the thread pool), at most a few seconds. */
async function until(check: () => boolean) {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 10))
  expect(check()).toBe(true)
}

describe('chunk store', () => {
  it('makes a chunk once for readers asking at the same time, and then from memory', async () => {
    const store = new ChunkStore(1 << 24, 1 << 20)
    let makes = 0
    const make = async () => {
      makes++
      await new Promise((r) => setTimeout(r, 20))
      return json(1)
    }
    const key = chunkKey(1, 2, 0, READER_CHUNK_SIZE)
    const answers = await Promise.all(Array.from({ length: 10 }, () => store.bytes(key, READER_CHUNK_SIZE, make)))
    expect(makes).toBe(1)
    expect(new Set(answers).size).toBe(1)
    expect(answers[0]!.identity.toString('utf8')).toBe(json(1))
    expect(await store.bytes(key, READER_CHUNK_SIZE, make)).toBeDefined()
    expect(makes).toBe(1)
    expect(store.made).toBe(1)
  })

  it("compresses a reader's chunk once, at once, into gzip and brotli of the identity bytes", async () => {
    const store = new ChunkStore(1 << 24, 1 << 20)
    const key = chunkKey(1, 2, 3, READER_CHUNK_SIZE)
    const bytes = (await store.bytes(key, READER_CHUNK_SIZE, async () => json(3)))!
    expect(store.ready(key, READER_CHUNK_SIZE, 'identity')).toBe(bytes.identity)
    // Not asked for yet: compressed in the background, so the next request in any encoding is ready.
    await until(() => store.ready(key, READER_CHUNK_SIZE, 'br') !== undefined)
    const gzip = store.ready(key, READER_CHUNK_SIZE, 'gzip')!
    const br = store.ready(key, READER_CHUNK_SIZE, 'br')!
    expect(zlib.gunzipSync(gzip).toString('utf8')).toBe(json(3))
    expect(zlib.brotliDecompressSync(br).toString('utf8')).toBe(json(3))
    expect(gzip.length).toBeLessThan(bytes.identity.length / 5)
    const again = await Promise.all([
      store.encoded(key, READER_CHUNK_SIZE, bytes, 'gzip'),
      store.encoded(key, READER_CHUNK_SIZE, store.get(key)!, 'br'),
    ])
    expect(again[0]).toBe(gzip)
    expect(again[1]).toBe(br)
    expect(store.compressed).toBe(1)
  })

  it('compresses a chunk of another size only when asked, once for concurrent asks', async () => {
    const store = new ChunkStore(1 << 24, 1 << 20)
    const key = chunkKey(1, 2, 7, 4)
    const bytes = (await store.bytes(key, 4, async () => json(7)))!
    await new Promise((r) => setTimeout(r, 50))
    expect(store.ready(key, 4, 'gzip')).toBeUndefined()
    const answers = await Promise.all(Array.from({ length: 5 }, () => store.encoded(key, 4, bytes, 'gzip')))
    expect(new Set(answers).size).toBe(1)
    await until(() => store.ready(key, 4, 'br') !== undefined)
    expect(store.ready(key, 4, 'gzip')).toBe(answers[0])
    // Asked again with the bytes as first read (before compression), the kept ones are sent.
    expect(await store.encoded(key, 4, bytes, 'br')).toBe(store.ready(key, 4, 'br'))
    expect(store.compressed).toBe(1)
  })

  it("keeps other sizes in their own place: filling it never pushes the reader's chunks out", async () => {
    const one = Buffer.byteLength(json(0))
    const store = new ChunkStore(40 * one, 5 * one)
    const readerKeys = Array.from({ length: 3 }, (_, n) => chunkKey(1, 2, n, READER_CHUNK_SIZE))
    for (const [n, key] of readerKeys.entries()) await store.bytes(key, READER_CHUNK_SIZE, async () => json(n))
    for (let n = 0; n < 200; n++) await store.bytes(chunkKey(1, 2, n, 1), 1, async () => json(n))
    for (const key of readerKeys) expect(store.get(key)).toBeDefined()
    // The other sizes' place stays within its bytes: the latest few are kept, the first went.
    expect(store.get(chunkKey(1, 2, 199, 1), 1)).toBeDefined()
    expect(store.get(chunkKey(1, 2, 0, 1), 1)).toBeUndefined()
  })

  it('keeps nothing for a build that is gone', async () => {
    const store = new ChunkStore(1 << 24, 1 << 20)
    const key = chunkKey(1, 2, 0, READER_CHUNK_SIZE)
    expect(await store.bytes(key, READER_CHUNK_SIZE, async () => undefined)).toBeUndefined()
    expect(store.get(key)).toBeUndefined()
    expect(await store.bytes(key, READER_CHUNK_SIZE, async () => json(0))).toBeDefined()
  })
})
