// A bounded cache of texts made from other texts (sanitised HTML, serialised chunks), measured in
// UTF-16 bytes. Each application instance makes its own (server/app-state.ts).
import { LRUCache } from 'lru-cache'

export class TextCache {
  private readonly entries: LRUCache<string, string>

  constructor(maxBytes: number) {
    this.entries = new LRUCache<string, string>({
      maxSize: maxBytes,
      sizeCalculation: (text, key) => (text.length + key.length) * 2 + 1,
    })
  }

  get(key: string): string | undefined {
    return this.entries.get(key)
  }

  set(key: string, text: string): void {
    this.entries.set(key, text)
  }

  /** How many texts are kept, and their bytes as measured here (GET /metrics). */
  kept(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize }
  }

  /** The cached text under `key`, or `make()`'s, kept for next time. */
  through(key: string, make: () => string): string {
    const cached = this.entries.get(key)
    if (cached !== undefined) return cached
    const made = make()
    this.entries.set(key, made)
    return made
  }
}
