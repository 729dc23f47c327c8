// Which pictures visitors may have: those a published page's current text shows (decision 045).
// Readers load many pictures, and anyone can ask for made-up addresses, so the answer is kept in
// memory – every public picture's id with its version (the `v` of its address) – and worked out
// again after anything may have changed:
// - "Anything may have changed" is the page states' moment (content/page-states.ts, decision 021):
//   it moves with every administrator's write in this process and every notice of another
//   process's page change (PostgreSQL). While a write runs or nobody listens for other processes'
//   changes there is no moment, and each request works the answer out for itself.
// - Working it out reads every page's published flag, version and build (no text), and only the
//   text of published pages not read before: a page's text changes only with its version or build,
//   so what a text shows is kept by page under those two. A save reads one page's text again.
import type { Db } from '../../db/client.ts'
import { findImageHashes, findPagesImageIds, listPageTextStates, type PageTextState } from './images.repo.ts'
import { imageVersion } from './images.presenter.ts'

/** What tells when kept answers are still true (PageStates; its interface only, decision 018). */
export interface ChangeMoments {
  /** A number that stays the same while nothing has changed; undefined when nothing may be kept. */
  moment(): number | undefined
}

/** Pages whose text one query reads (the largest page alone is ~10 MB). */
const PAGES_PER_READ = 50

const textKey = (page: Pick<PageTextState, 'version' | 'buildId'>) => `${page.version}:${page.buildId ?? ''}`

export class PublicImages {
  private kept: { moment: number; versions: ReadonlyMap<number, string> } | undefined
  private reading: { moment: number; versions: Promise<ReadonlyMap<number, string>> } | undefined
  /** The pictures each published page's text shows, under the version and build of that text. */
  private readonly shown = new Map<number, { key: string; imageIds: readonly number[] }>()
  /** Texts being read now, by page and key: a text is what it is, so anyone may share the read. */
  private readonly scanning = new Map<number, { key: string; done: Promise<void> }>()

  constructor(
    private readonly db: Db,
    private readonly moments: ChangeMoments,
  ) {}

  /** The version of picture `id` when visitors may have it, else undefined. */
  async version(id: number): Promise<string | undefined> {
    const moment = this.moments.moment()
    if (moment === undefined) return (await this.readAll()).get(id)
    if (this.kept?.moment === moment) return this.kept.versions.get(id)
    // Requests that come while the answer is being worked out for this moment share that work.
    let reading = this.reading
    if (reading?.moment !== moment) {
      const current = { moment, versions: this.readAll() }
      const done = () => {
        if (this.reading === current) this.reading = undefined
      }
      current.versions.then(done, done)
      this.reading = current
      reading = current
    }
    const versions = await reading.versions
    if (this.moments.moment() === moment) this.kept = { moment, versions }
    return versions.get(id)
  }

  /** Public pictures' versions as the database has them now. */
  private async readAll(): Promise<ReadonlyMap<number, string>> {
    const published = (await listPageTextStates(this.db)).filter((page) => page.published)
    await this.readTexts(published.filter((page) => this.shown.get(page.id)?.key !== textKey(page)))
    const listed = new Set(published.map((page) => page.id))
    for (const id of this.shown.keys()) if (!listed.has(id)) this.shown.delete(id)
    const ids = new Set<number>()
    for (const page of published) for (const id of this.shown.get(page.id)?.imageIds ?? []) ids.add(id)
    const hashes = await findImageHashes(this.db, [...ids])
    return new Map(hashes.map((row) => [row.id, imageVersion(row.hash)]))
  }

  /** Reads which pictures these pages' texts show, sharing any read of the same text under way. */
  private async readTexts(pages: readonly PageTextState[]) {
    const waits: Promise<void>[] = []
    const fresh: PageTextState[] = []
    for (const page of pages) {
      const running = this.scanning.get(page.id)
      if (running?.key === textKey(page)) waits.push(running.done)
      else fresh.push(page)
    }
    // A few pages per query, so other queries get their turn between them on the embedded database.
    let previous: Promise<void> = Promise.resolve()
    for (let start = 0; start < fresh.length; start += PAGES_PER_READ) {
      const batch = fresh.slice(start, start + PAGES_PER_READ)
      const done: Promise<void> = previous
        .catch(() => {})
        .then(() =>
          findPagesImageIds(
            this.db,
            batch.map((page) => page.id),
          ),
        )
        .then((rows) => {
          // A text read may be newer than the one listed (saved in between): kept under its own key.
          for (const row of rows) this.shown.set(row.id, { key: textKey(row), imageIds: row.imageIds })
        })
      const entries = batch.map((page) => [page.id, { key: textKey(page), done }] as const)
      for (const [id, entry] of entries) this.scanning.set(id, entry)
      const forget = () => {
        for (const [id, entry] of entries) if (this.scanning.get(id) === entry) this.scanning.delete(id)
      }
      done.then(forget, forget)
      waits.push(done)
      previous = done
    }
    await Promise.all(waits)
  }
}
