// What readers' requests need to know of a page — published or not, its version, its current build
// and how many blocks that build has — kept in memory, so a chunk or a jump is answered without a
// query. It stays true this way:
// - In this process, any write request (POST/PUT/PATCH/DELETE) empties it when it ends; while one
//   runs, what was kept is still served (a reader overlapping a write may see the page as it was
//   just before it) but nothing newly read is kept: writes are rare, readers many, and a save is
//   not queued behind readers' queries on the embedded database's one connection.
// - Right after a write ends, the pages that were kept are read again, all in one query, and kept
//   anew; readers of those pages who come meanwhile share that query. So a write costs readers of
//   the pages in memory one query in all, not one per page, and it runs before the embedded
//   database's upkeep after a save (the search index's merge, db/maintenance.ts) can hold the one
//   connection: those readers do not wait behind it (issue 27).
// - Across processes (PostgreSQL), a trigger on the pages table (migration 0009) notifies channel
//   `page_state` with the page's id when its state changes, at commit, whoever wrote it (another
//   server process, `npm run import`); each process listens on a connection of its own and forgets
//   that page. A write request also waits until its own notice came back through the database before
//   it answers, so by the time the writer's client hears "saved", the notice is on its way to every
//   other process too (PostgreSQL delivers notices in commit order).
// - Chapters' and books' title, place or order changes notify channel `title_bar` (migration 0015),
//   which outdates what was read beside page states (`moment`: the title bars of first-view.ts).
// - Changes of terms, their forms and the collections notify channel `search_data` (migration 0022),
//   which outdates only what `changeCount` dates (the search's kept answers, search-answers.ts).
// - While that connection is down, nothing is kept: every read asks the database, until it is back.
// The embedded database has one process only (the DATA_DIR lock), so its writes are all seen here.
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import type { Db } from '../../../db/client.ts'
import { findReaderState, findReaderStates, type ReaderState } from './reader.repo.ts'
import { ReaderTurns } from './reader-turns.ts'

/** The listening connection's application_name, as pg_stat_activity shows it. */
export const LISTENER_NAME = 'encyclopedia page states'
const CHANNEL = 'page_state'
const SYNC_CHANNEL = 'page_state_sync'
/** A chapter's or book's title, place or order changed (migration 0015): title bars are stale. */
const TITLE_BAR_CHANNEL = 'title_bar'
/** Terms, their forms or the collections changed (migration 0022): kept search answers are stale. */
const SEARCH_DATA_CHANNEL = 'search_data'
/** How long a write waits for its own notice to come back before it answers anyway. */
const SYNC_TIMEOUT_MS = 2_000
const RECONNECT_MS = [500, 1_000, 2_000, 5_000]
/** Readers keep taking turns this long after a write ended (the gap between a save's requests). */
const WRITING_LATELY_MS = 1_000
/** At most this many kept pages (the latest kept) are read again after a write. */
const REFRESH_MAX = 1_000
/** How often whenSettled looks again. */
const SETTLE_POLL_MS = 50

export class PageStates {
  private readonly states = new Map<number, ReaderState>()
  /** Raised whenever anything may have changed, so a read that overlapped a change is not kept. */
  private generation = 0
  /** Raised by every change heard of, but not by a write's start (see changeCount). */
  private changes = 0
  private writesRunning = 0
  private listener: pg.Client | undefined
  private trusted: boolean
  private closed = false
  private reconnects = 0
  private reconnectTimer: NodeJS.Timeout | undefined
  private readonly syncWaiters = new Map<string, () => void>()
  /** While a write runs: readers by turns (reader-turns.ts), and one state query per page at a time. */
  private readonly turns = new ReaderTurns(
    () => this.writesRunning + this.otherWritesRunning > 0 || this.writingLately(),
  )
  /** Administrators' writes that change no page (upload staging): readers take turns, states stay. */
  private otherWritesRunning = 0
  private lastWriteEnded = -Infinity
  private readonly reading = new Map<number, { generation: number; state: Promise<ReaderState | undefined> }>()
  /** Refreshes (see refresh) whose query has not answered yet. */
  private refreshing = 0

  constructor(
    private readonly db: Db,
    /** PostgreSQL only: where to listen for other processes' changes. */
    private readonly connectionString?: string,
  ) {
    this.trusted = connectionString === undefined
  }

  /** Starts listening (PostgreSQL); until it listens, nothing is kept. */
  async start() {
    if (this.connectionString) await this.connect()
  }

  /** The page's reader state, or undefined when there is no such page. */
  async get(id: number): Promise<ReaderState | undefined> {
    // While an administrator writes (and for a moment after each write, as a save is many requests),
    // readers take turns with the writer (reader-turns.ts); otherwise they go straight on.
    if (this.writesRunning + this.otherWritesRunning > 0 || this.turns.queued > 0 || this.writingLately()) {
      await this.turns.take()
    }
    // Kept states are served while a write runs too: a reader overlapping the write may see the page
    // as it was before it, as if it had come a moment earlier, and asks the database nothing.
    const kept = this.states.get(id)
    if (kept && this.trusted) return kept
    const generation = this.generation
    // Readers that come while the page's state is being read share that read, unless anything has
    // changed since it began (a write began or ended, a notice came): then they read anew.
    let reading = this.reading.get(id)
    if (reading?.generation !== generation) {
      const current = { generation, state: findReaderState(this.db, id) }
      const done = () => {
        if (this.reading.get(id) === current) this.reading.delete(id)
      }
      current.state.then(done, done)
      this.reading.set(id, current)
      reading = current
    }
    const state = await reading.state
    if (state && this.keeping() && generation === this.generation) this.states.set(id, state)
    return state
  }

  /**
   * For values read beside page states that change with the same writes and notices (the title
   * bars of first-view.ts, which a chapter's or book's change also outdates): the moment now when a
   * value read from now on may be kept, else undefined (a write runs, or nobody listens for other
   * processes' changes). A value read from `moment` on stays true while `moment()` still says so.
   */
  moment(): number | undefined {
    return this.keeping() ? this.generation : undefined
  }

  /**
   * For answers read from many pages and the lexicon at once (the search's, search-answers.ts): the
   * number of changes heard of so far (writes ended here, other processes' notices of pages, titles,
   * terms and collections, the listener lost or back), or undefined while nobody listens for other
   * processes' changes. An answer read when it said n, and still n when read, stays true while it
   * still says n. Unlike `moment`, a write's start leaves it as it is: what a write changes is heard
   * when it ends (reprocessing ends one write per page), so answers are served and kept while an
   * editor's save runs, and those read meanwhile are dropped when it ends.
   */
  changeCount(): number | undefined {
    return this.trusted ? this.changes : undefined
  }

  /**
   * Something read beside page states changed outside any write request (the lexicon's forms written
   * again after an upgrade, terms/term-forms.ts): what was read before is outdated.
   */
  outdate() {
    this.generation++
    this.changes++
  }

  /**
   * The page's kept state when get() would hand it over at once, asking nothing and waiting for no
   * turn (no write running or just ended), else undefined: for answers made before any routing
   * (chunks-at-once.ts), which fall back to the route when this has nothing.
   */
  keptNow(id: number): ReaderState | undefined {
    if (!this.trusted || this.writesRunning + this.otherWritesRunning > 0 || this.turns.queued > 0) return undefined
    if (this.writingLately()) return undefined
    return this.states.get(id)
  }

  /**
   * The build `state` names turned out to be gone (a save replaced it; when it committed before its
   * request ended, the state kept from before the write still names it): stop serving that state, so
   * the next get() reads the page again.
   */
  drop(id: number, state: ReaderState) {
    if (this.states.get(id) !== state) return
    this.generation++
    this.changes++
    this.states.delete(id)
  }

  /**
   * A write request began: what is kept is still served (see get), but nothing read from now on is
   * kept until it ends, when everything is forgotten. A write that changes no page (`changesPages`
   * false: staging an upload) only makes readers take turns with it.
   */
  writeStarted({ changesPages = true }: { changesPages?: boolean } = {}) {
    if (!changesPages) {
      this.otherWritesRunning++
      return
    }
    this.writesRunning++
    this.generation++
  }

  /**
   * A write request ended: forget everything (its transaction has committed or failed), and on
   * PostgreSQL wait until the database has passed the change's notice on to every listener.
   */
  async writeEnded({ changesPages = true }: { changesPages?: boolean } = {}) {
    this.lastWriteEnded = performance.now()
    if (!changesPages) {
      this.otherWritesRunning = Math.max(0, this.otherWritesRunning - 1)
      return
    }
    this.writesRunning = Math.max(0, this.writesRunning - 1)
    const kept = [...this.states.keys()].slice(-REFRESH_MAX)
    this.forgetAll()
    if (this.listener && this.trusted) await this.sync()
    this.refresh(kept)
  }

  /**
   * Resolves true once no administrator's write runs, none ended within WRITING_LATELY_MS (a save is
   * many requests) and the kept states' refresh has answered; false if that took over `maxWaitMs`.
   * The embedded database's upkeep waits for this before merging the search index (db/maintenance.ts),
   * so the readers and the editor right after a save are not queued behind a merge of ~1 s.
   */
  async whenSettled(maxWaitMs: number): Promise<boolean> {
    const deadline = performance.now() + maxWaitMs
    while (this.writesRunning + this.otherWritesRunning > 0 || this.refreshing > 0 || this.writingLately()) {
      if (performance.now() >= deadline) return false
      await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS))
    }
    return true
  }

  async close() {
    this.closed = true
    clearTimeout(this.reconnectTimer)
    const listener = this.listener
    this.listener = undefined
    for (const wake of this.syncWaiters.values()) wake()
    await listener?.end().catch(() => {})
  }

  /**
   * Reads the states of pages that were kept before a write, in one query, and keeps them again
   * unless anything changed meanwhile (another write began, a notice came). Readers of these pages
   * share the query; if it fails, each reads its page itself. The write's answer does not wait.
   */
  private refresh(ids: number[]) {
    if (ids.length === 0 || !this.keeping()) return
    const generation = this.generation
    this.refreshing++
    const all = findReaderStates(this.db, ids)
    for (const id of ids) {
      const current = {
        generation,
        state: all.then(
          (states) => states.get(id),
          () => findReaderState(this.db, id),
        ),
      }
      const done = () => {
        if (this.reading.get(id) === current) this.reading.delete(id)
      }
      current.state.then(done, done)
      this.reading.set(id, current)
    }
    all
      .then(
        (states) => {
          if (!this.keeping() || generation !== this.generation) return
          for (const [id, state] of states) this.states.set(id, state)
        },
        () => {},
      )
      .finally(() => this.refreshing--)
  }

  /** Whether a write ended in the last WRITING_LATELY_MS: the editor's next request is likely on its way. */
  private writingLately() {
    return performance.now() - this.lastWriteEnded < WRITING_LATELY_MS
  }

  private keeping() {
    return this.trusted && this.writesRunning === 0
  }

  private forgetAll() {
    this.generation++
    this.changes++
    this.states.clear()
  }

  private forget(id: number) {
    this.generation++
    this.changes++
    this.states.delete(id)
  }

  /** Sends a notice of our own after the change and waits for it: PostgreSQL keeps commit order. */
  private async sync() {
    const token = randomUUID()
    const back = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, SYNC_TIMEOUT_MS)
      this.syncWaiters.set(token, () => {
        clearTimeout(timer)
        resolve()
      })
    })
    try {
      await this.listener!.query('SELECT pg_notify($1, $2)', [SYNC_CHANNEL, token])
      await back
    } catch {
      // the connection failed: onLost() stopped keeping anything
    } finally {
      this.syncWaiters.delete(token)
    }
  }

  private async connect() {
    const client = new pg.Client({ connectionString: this.connectionString, application_name: LISTENER_NAME })
    client.on('notification', ({ channel, payload }) => {
      if (channel === CHANNEL) {
        const id = Number(payload)
        if (Number.isInteger(id)) this.forget(id)
        else this.forgetAll()
      } else if (channel === TITLE_BAR_CHANNEL) {
        this.generation++
        this.changes++
      } else if (channel === SEARCH_DATA_CHANNEL) {
        this.changes++
      } else if (channel === SYNC_CHANNEL && payload) {
        this.syncWaiters.get(payload)?.()
      }
    })
    client.on('error', () => this.onLost(client))
    client.on('end', () => this.onLost(client))
    try {
      await client.connect()
      await client.query(`LISTEN ${CHANNEL}`)
      await client.query(`LISTEN ${SYNC_CHANNEL}`)
      await client.query(`LISTEN ${TITLE_BAR_CHANNEL}`)
      await client.query(`LISTEN ${SEARCH_DATA_CHANNEL}`)
    } catch {
      this.onLost(client)
      return
    }
    if (this.closed) {
      await client.end().catch(() => {})
      return
    }
    this.listener = client
    this.reconnects = 0
    // Whatever changed while nobody listened is not known: start from nothing.
    this.forgetAll()
    this.trusted = true
  }

  private onLost(client: pg.Client) {
    if (this.listener !== undefined && this.listener !== client) return
    this.listener = undefined
    this.trusted = false
    this.forgetAll()
    for (const wake of this.syncWaiters.values()) wake()
    client.end().catch(() => {})
    if (this.closed || this.reconnectTimer) return
    const delay = RECONNECT_MS[Math.min(this.reconnects++, RECONNECT_MS.length - 1)]
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined
      if (!this.closed) void this.connect()
    }, delay).unref()
  }
}
