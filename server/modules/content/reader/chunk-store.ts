// Reader chunks kept as the bytes they are sent as: the JSON text once as UTF-8 (identity), and
// brotli and gzip compressed once each on libuv's thread pool, never on the main thread. An answer
// from memory (chunks-at-once.ts, or the route) is then a lookup and a write of ready bytes whatever
// the encoding: no re-encoding of a string, no compression, nothing that grows with the page
// (decision 049). The reader's size has the big store; any other size has a small store of its own,
// so clients asking for other sizes never push the reader's chunks out.
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import { LRUCache } from 'lru-cache'
import { READER_CHUNK_SIZE } from '#shared/limits.ts'

export type ChunkEncoding = 'br' | 'gzip' | 'identity'

/** One chunk's answer bytes. Entries are replaced, never changed, so the store's byte count stays true. */
export interface ChunkBytes {
  /** The JSON text (ReaderChunk) as UTF-8: what is sent without Content-Encoding. */
  readonly identity: Buffer
  readonly gzip: Buffer | undefined
  readonly br: Buffer | undefined
}

/** Page, build, chunk and size: every save and reprocessing makes a new build, so a key never goes stale. */
export const chunkKey = (id: number, buildId: number | null, chunk: number, size: number) =>
  `${id}:${buildId}:${chunk}:${size}`

/** Room for an entry's bookkeeping besides its bytes (key, object, LRU slots). */
const ENTRY_OVERHEAD_BYTES = 200

const sizeOf = (bytes: ChunkBytes, key: string) =>
  bytes.identity.length + (bytes.gzip?.length ?? 0) + (bytes.br?.length ?? 0) + key.length * 2 + ENTRY_OVERHEAD_BYTES

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/** Brotli at quality 5 and gzip at 6: a 100 KB chunk in a few milliseconds, close to the best size. */
function compress(bytes: Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      })
    : gzip(bytes, { level: 6 })
}

export class ChunkStore {
  /** Chunks of the reader's size (600 blocks): what readers ask for again and again. */
  private readonly reader: LRUCache<string, ChunkBytes>
  /** Chunks of any other size (1 … 599): a small place of their own. */
  private readonly others: LRUCache<string, ChunkBytes>
  /** Chunks being made, so that readers asking at once share one read of the blocks. */
  private readonly making = new Map<string, Promise<ChunkBytes | undefined>>()
  /** Chunks being compressed, so that each is compressed once however many ask meanwhile. */
  private readonly compressing = new Map<string, Compressing>()
  /** How many chunks were made from blocks and how many compressed (tests: what is reused). */
  made = 0
  compressed = 0

  constructor(readerBytes: number, otherBytes: number) {
    this.reader = new LRUCache<string, ChunkBytes>({ maxSize: readerBytes, sizeCalculation: sizeOf })
    this.others = new LRUCache<string, ChunkBytes>({ maxSize: otherBytes, sizeCalculation: sizeOf })
  }

  /** How many chunks are kept, and their bytes in every encoding (GET /metrics). */
  kept(): { entries: number; bytes: number } {
    return {
      entries: this.reader.size + this.others.size,
      bytes: this.reader.calculatedSize + this.others.calculatedSize,
    }
  }

  private storeFor(size: number) {
    return size === READER_CHUNK_SIZE ? this.reader : this.others
  }

  /** The kept bytes of chunk `key` (of `size`), if any. */
  get(key: string, size = READER_CHUNK_SIZE): ChunkBytes | undefined {
    return this.storeFor(size).get(key)
  }

  /** The bytes ready to send for `encoding`, or undefined (not kept, or not compressed yet). */
  ready(key: string, size: number, encoding: ChunkEncoding): Buffer | undefined {
    const kept = this.storeFor(size).get(key)
    return kept === undefined ? undefined : kept[encoding]
  }

  /**
   * The chunk's bytes, kept or made by `make` (the JSON text; undefined when its build is gone) once
   * however many ask at the same time. A chunk of the reader's size is then compressed at once in the
   * background, so the reader's next request in any encoding finds its bytes ready.
   */
  async bytes(key: string, size: number, make: () => Promise<string | undefined>): Promise<ChunkBytes | undefined> {
    const kept = this.storeFor(size).get(key)
    if (kept !== undefined) return kept
    let making = this.making.get(key)
    if (making === undefined) {
      making = make()
        .then((json) => {
          if (json === undefined) return undefined
          this.made++
          const made: ChunkBytes = { identity: Buffer.from(json), gzip: undefined, br: undefined }
          this.storeFor(size).set(key, made)
          if (size === READER_CHUNK_SIZE) void this.compressAll(key, size, made).all.catch(() => {})
          return made
        })
        .finally(() => this.making.delete(key))
      this.making.set(key, making)
    }
    return making
  }

  /**
   * The chunk's bytes in `encoding`, compressing them once (both encodings, on the thread pool) if
   * need be; a request waits only for its own encoding.
   */
  async encoded(key: string, size: number, bytes: ChunkBytes, encoding: ChunkEncoding): Promise<Buffer> {
    const ready = bytes[encoding] ?? this.storeFor(size).peek(key)?.[encoding]
    if (ready !== undefined) return ready
    const running = this.compressAll(key, size, bytes)
    return encoding === 'identity' ? bytes.identity : running[encoding]
  }

  private compressAll(key: string, size: number, bytes: ChunkBytes): Compressing {
    let running = this.compressing.get(key)
    if (running === undefined) {
      const gzipped = compress(bytes.identity, 'gzip')
      const brotlied = compress(bytes.identity, 'br')
      const all = Promise.all([gzipped, brotlied])
        .then(([gzip, br]) => {
          this.compressed++
          const whole: ChunkBytes = { identity: bytes.identity, gzip, br }
          // Replaced (not changed) so that the store counts the new bytes; not brought back if it went.
          const store = this.storeFor(size)
          if (store.peek(key) !== undefined) store.set(key, whole)
          return whole
        })
        .finally(() => this.compressing.delete(key))
      running = { gzip: gzipped, br: brotlied, all }
      this.compressing.set(key, running)
    }
    return running
  }
}

/** A chunk's compression under way: each encoding on its own, and both kept once done. */
interface Compressing {
  gzip: Promise<Buffer>
  br: Promise<Buffer>
  all: Promise<ChunkBytes>
}
