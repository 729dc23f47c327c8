// Finished EPUB files on disk, one per export fingerprint (its ETag: every page's build and every title
// shown), so an export is made once per build of what it holds and then streamed from its file
// (decision 041). Least recently sent files go once the folder holds more than `maxBytes`. The folder
// may be shared by several server processes (PostgreSQL): files are written under a temporary name
// and renamed into place, and one removed by another process is simply made again.
import fs from 'node:fs'
import path from 'node:path'
import { LRUCache } from 'lru-cache'

export const DEFAULT_EXPORT_CACHE_BYTES = 512 * 1024 * 1024
/** Temporary files older than this are a crashed build's leftovers. */
const STALE_TEMP_MS = 60 * 60 * 1000

export interface ExportFile {
  file: string
  bytes: number
}

export class ExportFiles {
  private readonly kept: LRUCache<string, ExportFile>
  private temps = 0

  constructor(
    readonly dir: string,
    maxBytes = DEFAULT_EXPORT_CACHE_BYTES,
  ) {
    this.kept = new LRUCache<string, ExportFile>({
      maxSize: maxBytes,
      sizeCalculation: (entry) => Math.max(1, entry.bytes),
      dispose: (entry, _key, reason) => {
        if (reason !== 'set') fs.rm(entry.file, { force: true }, () => {})
      },
    })
  }

  /** Makes the folder and takes in the files already there (a previous run's, another process's). */
  async open(): Promise<void> {
    await fs.promises.mkdir(this.dir, { recursive: true, mode: 0o700 })
    const now = Date.now()
    const entries = await fs.promises.readdir(this.dir)
    const found: Array<{ key: string; entry: ExportFile; mtime: number }> = []
    for (const name of entries) {
      const file = path.join(this.dir, name)
      const stat = await fs.promises.stat(file).catch(() => undefined)
      if (!stat?.isFile()) continue
      if (name.endsWith('.tmp')) {
        if (now - stat.mtimeMs > STALE_TEMP_MS) await fs.promises.rm(file, { force: true })
      } else if (name.endsWith('.epub')) {
        found.push({ key: name.slice(0, -'.epub'.length), entry: { file, bytes: stat.size }, mtime: stat.mtimeMs })
      }
    }
    for (const { key, entry } of found.sort((a, b) => a.mtime - b.mtime)) this.kept.set(key, entry)
  }

  /** The file kept for `key` (a file name's safe characters only), if any. */
  get(key: string): ExportFile | undefined {
    return this.kept.get(key)
  }

  /** A name to write a new file for `key` under, then `add` it. */
  tempFile(key: string): string {
    return path.join(this.dir, `${key}.${process.pid}.${++this.temps}.tmp`)
  }

  /** Moves a finished temporary file into place and keeps it. */
  async add(key: string, temp: string, bytes: number): Promise<ExportFile> {
    const entry = { file: path.join(this.dir, `${key}.epub`), bytes }
    await fs.promises.rename(temp, entry.file)
    this.kept.set(key, entry)
    return entry
  }

  /** Forgets a file that turned out to be gone. */
  drop(key: string): void {
    this.kept.delete(key)
  }

  /** Bytes kept now. */
  get bytes(): number {
    return this.kept.calculatedSize
  }
}
