// The canon's collections (decision 056): the administrators' list with each change and its audit
// row in one transaction, and the reference reader every search uses, kept per app instance and
// made again when the table changes (here at once, in another process within about a second).
import type { CurrentUser } from '#shared/api/auth.ts'
import type { Collection, CollectionValues } from '#shared/api/collections.ts'
import { ReferenceReader } from '#shared/text/references.ts'
import type { Db } from '../../db/client.ts'
import { AppError, badRequest, notFound } from '../../http/errors.ts'
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.ts'
import { withIsoDates } from '../../lib/timestamps.ts'
import { fieldChanges, recordAudit } from '../audit/audit.service.ts'
import * as repo from './collections.repo.ts'

export const DUPLICATE_ABBREVIATION = 'A collection with this abbreviation already exists'

const toCollection = (row: repo.CollectionRow): Collection => withIsoDates(row)

export async function listCollections(db: Db): Promise<Collection[]> {
  return (await repo.listCollections(db)).map(toCollection)
}

/** A second collection of the same abbreviation (as reading compares it) is a 409. */
async function refuseDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError(409, 'already_exists', DUPLICATE_ABBREVIATION)
    throw error
  }
}

/** The parent must exist, not be the collection itself, and be a top-level collection (two levels). */
async function checkParent(db: Parameters<typeof repo.findCollection>[0], id: number | null, parentId: number | null) {
  if (parentId === null) return
  if (parentId === id) throw badRequest('parentId: a collection cannot be its own parent')
  const parent = await repo.findCollection(db, parentId)
  if (!parent) throw badRequest('parentId: no such collection')
  if (parent.parentId !== null) throw badRequest('parentId: the parent must be a top-level collection')
  if (id !== null && (await repo.hasChildren(db, id))) {
    throw badRequest('parentId: a collection with books of its own cannot have a parent')
  }
}

const AUDITED = ['abbreviation', 'paliName', 'englishName', 'estonianName', 'parentId', 'position'] as const

export function createCollection(db: Db, user: CurrentUser, input: CollectionValues) {
  return refuseDuplicates(() =>
    db.transaction(async (tx) => {
      await checkParent(tx, null, input.parentId)
      const row = await repo.insertCollection(tx, input)
      await recordAudit(tx, user, 'create', 'collection', row.id, { abbreviation: row.abbreviation })
      return toCollection(row)
    }),
  )
}

export function changeCollection(db: Db, user: CurrentUser, id: number, input: CollectionValues) {
  return refuseDuplicates(() =>
    db.transaction(async (tx) => {
      const before = await repo.findCollection(tx, id)
      if (!before) throw notFound('Collection')
      await checkParent(tx, id, input.parentId)
      const row = (await repo.updateCollection(tx, id, input))!
      const changes = fieldChanges(before, row, AUDITED)
      if (before.aliases.join('\n') !== row.aliases.join('\n')) {
        changes.aliases = { before: before.aliases, after: row.aliases }
      }
      await recordAudit(tx, user, 'update', 'collection', id, { abbreviation: row.abbreviation, changes })
      return toCollection(row)
    }),
  )
}

/** Deleting a collection leaves its books at the top level. */
export function removeCollection(db: Db, user: CurrentUser, id: number) {
  return db.transaction(async (tx) => {
    const row = await repo.deleteCollection(tx, id)
    if (!row) throw notFound('Collection')
    await recordAudit(tx, user, 'delete', 'collection', id, {
      abbreviation: row.abbreviation,
      paliName: row.paliName,
      englishName: row.englishName,
      estonianName: row.estonianName,
      aliases: row.aliases,
    })
  })
}

/** How often at most a reader asks whether another process changed the table. */
const CHECK_EVERY_MS = 1000

/**
 * The reference reader made from the collections table, one per app instance. `reader()` answers
 * from memory, asking the database at most once a second whether the table changed (a cheap
 * aggregate) and reading it again only when it did; this instance's own writes call `changed()`,
 * so they show at once.
 */
export class CollectionCatalogue {
  private current: ReferenceReader | null = null
  private version: string | null = null
  private checkedAt = 0
  private pending: Promise<ReferenceReader> | null = null
  /** Counts this instance's writes, so a check begun before one does not count as after it. */
  private writes = 0

  constructor(private readonly db: Db) {}

  reader(): Promise<ReferenceReader> {
    if (this.current && Date.now() - this.checkedAt < CHECK_EVERY_MS) return Promise.resolve(this.current)
    // One check at a time: concurrent searches wait for the same one.
    this.pending ??= this.refresh().finally(() => {
      this.pending = null
    })
    return this.pending
  }

  /** This instance changed the table: the next reader() asks the database. */
  changed() {
    this.writes++
    this.checkedAt = 0
  }

  private async refresh(): Promise<ReferenceReader> {
    const writes = this.writes
    const version = await repo.collectionsVersion(this.db)
    if (!this.current || version !== this.version) {
      // Read after the version: a change in between is newer than `version` and read at the next check.
      const rows = await repo.listCollections(this.db)
      this.current = new ReferenceReader(
        rows.map((row) => ({
          abbreviation: row.abbreviation,
          names: [row.paliName, row.englishName, row.estonianName, ...row.aliases],
        })),
      )
      this.version = version
    }
    if (writes === this.writes) this.checkedAt = Date.now()
    return this.current
  }
}
