// The whole data model: the site's entities plus what the server needs to run it safely.
// Column names are camelCase here and snake_case in the database (drizzle `casing: 'snake_case'`).
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { PatternId } from '#shared/pali/index.ts'

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' })

const createdAt = () => timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow()
const updatedAt = () =>
  timestamp({ withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())

export const users = pgTable('users', {
  id: serial().primaryKey(),
  username: text().notNull().unique(),
  passwordHash: text().notNull(),
  /** Set while the account is disabled: it cannot log in and has no sessions. */
  disabledAt: timestamp({ withTimezone: true, mode: 'date' }),
  /** The last successful login; sessions end at logout, so "last seen" needs this too. */
  lastLoginAt: timestamp({ withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/** Server-side sessions: the cookie carries a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index().on(t.userId), index().on(t.expiresAt)],
)

/**
 * Fixed-window counters for throttling (failed logins per address and per username, feedback per
 * address): one row per key, counted and checked in one statement so parallel requests cannot
 * overshoot, and shared by every server process.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    resetAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index().on(t.resetAt)],
)

/**
 * Jobs that may run only once at a time across every server process (reprocessing every page): the
 * process running one holds its row and refreshes `heartbeatAt`; a row left unrefreshed (its process
 * died) may be taken over. See server/db/job-lock.ts.
 */
export const jobLocks = pgTable('job_locks', {
  name: text().primaryKey(),
  /** A random token of the one run holding the lock. */
  holder: text().notNull(),
  acquiredAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  heartbeatAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})

/** Small server settings kept in the database, e.g. the generated session secret. */
export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: text().notNull(),
  updatedAt: updatedAt(),
})

export const books = pgTable(
  'books',
  {
    id: serial().primaryKey(),
    title: text().notNull(),
    description: text(),
    coverImage: text(),
    order: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.order, t.title)],
)

export const chapters = pgTable(
  'chapters',
  {
    id: serial().primaryKey(),
    bookId: integer()
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text(),
    order: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.bookId, t.order)],
)

/**
 * Content pages. `content` is the page's HTML as the last save's pipeline made it (what the editor
 * reopens); the current processed body is in the blocks of the page's reader build.
 */
export const contentPages = pgTable(
  'content',
  {
    id: serial().primaryKey(),
    chapterId: integer()
      .notNull()
      .references(() => chapters.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    content: text().notNull(),
    linksContent: text(),
    headers: text().notNull().default('[]'),
    citations: text().notNull().default(''),
    published: boolean().notNull().default(false),
    order: integer().notNull().default(0),
    /** Raised by every save; reader chunks carry it as their ETag and editors use it to detect conflicts. */
    version: integer().notNull().default(1),
    /** How many reader blocks the processed body has (the chunks endpoint's totalChunks comes from it). */
    blockCount: integer().notNull().default(0),
    /** The reader build (blocks, anchors, passages) readers and search see; null only before the first save. */
    buildId: integer().references((): AnyPgColumn => readerBuilds.id),
    /** UTF-8 size of the saved HTML (main + links), shown to editors and checked against the 10 MB limit. */
    sizeBytes: integer().notNull().default(0),
    /**
     * What the last save changed against the version before it, counted in top-level blocks, as
     * JSON `{"added":n,"removed":n,"changed":n}`; null when not known. Copied to the revision.
     */
    changeSummary: text(),
    updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // build_id: a term's "where used" finds the pages showing the builds that link to it (term_uses).
  (t) => [index().on(t.chapterId, t.order), index().on(t.buildId)],
)

/** Every earlier text of a page, kept when a save replaces it, so nothing saved is lost. */
export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: serial().primaryKey(),
    contentId: integer()
      .notNull()
      .references(() => contentPages.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    title: text().notNull(),
    content: text().notNull(),
    linksContent: text(),
    sizeBytes: integer().notNull(),
    /** The change summary of this version against the one before it (content.change_summary at the time). */
    changeSummary: text(),
    /**
     * The UTF-8 length of each top-level block of `content` (joined by one newline), so a comparison
     * cuts the text into blocks without processing it again; null for revisions kept before.
     */
    blockBytes: integer().array(),
    savedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    savedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.contentId, t.version)],
)

/**
 * One processing of a page: its reader blocks and search passages are written under a new build
 * (in small statements, so readers keep being answered), then `content.build_id` is switched to it in
 * one short transaction. A build whose page does not point to it is being written or superseded.
 */
export const readerBuilds = pgTable(
  'reader_builds',
  {
    id: serial().primaryKey(),
    /** Null while the first save of a new page is being written (the page row does not exist yet). */
    contentId: integer().references((): AnyPgColumn => contentPages.id, { onDelete: 'cascade' }),
    /** Which block holds each element id, as JSON pairs (`[["_ftn12", 27810], …]`): one jump, one lookup. */
    anchors: text().notNull().default('[]'),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.contentId)],
)

/** A page's processed body cut into top-level blocks, in order: the unit of reader chunks. */
export const readerBlocks = pgTable(
  'reader_blocks',
  {
    buildId: integer()
      .notNull()
      .references(() => readerBuilds.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    html: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.buildId, t.position] })],
)

/** Searchable passages of a page (a heading's section or a few paragraphs), each with the id it starts at. */
export const searchPassages = pgTable(
  'search_passages',
  {
    id: serial().primaryKey(),
    buildId: integer()
      .notNull()
      .references(() => readerBuilds.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    anchor: text().notNull(),
    heading: text().notNull().default(''),
    text: text().notNull(),
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', f_unaccent(heading)), 'A') || setweight(to_tsvector('simple', f_unaccent(text)), 'B')`,
    ),
  },
  (t) => [
    index().on(t.buildId, t.position),
    // New rows wait in the index's pending list, sized by the server's gin_pending_list_limit
    // (decisions 053, 057): 32 MB on the embedded database, merged soon after a save (db/maintenance.ts);
    // PostgreSQL's default 4 MB, merged by the inserts and autovacuum.
    index('search_passages_vector_idx').using('gin', t.searchVector),
  ],
)

/**
 * Which terms a build links to (`<a href="/term/{id}">` in its blocks): how many places and the id of
 * the first place's block. Written with the build and removed with it, so the rows of the builds pages
 * show now are each term's current usage (decision 036).
 */
export const termUses = pgTable(
  'term_uses',
  {
    buildId: integer()
      .notNull()
      .references(() => readerBuilds.id, { onDelete: 'cascade' }),
    termId: integer().notNull(),
    places: integer().notNull(),
    anchor: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.buildId, t.termId] }), index().on(t.termId)],
)

export const terms = pgTable(
  'terms',
  {
    id: serial().primaryKey(),
    term: text().notNull().unique(),
    description: text().notNull(),
    published: boolean().notNull().default(false),
    /** The description's words for search, unaccented (tags are only markup and rarely match). */
    searchVector: tsvector().generatedAlwaysAs(sql`to_tsvector('simple', f_unaccent(description))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The declension or conjugation pattern (shared/pali PATTERN_IDS); null: guessed from the term. */
    pattern: text().$type<PatternId>(),
    /** Irregular forms an editor adds (rañño for rājā), looked up like the generated ones. */
    extraForms: text()
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The forms generator's version that wrote this term's term_forms (older ones are regenerated). */
    formsVersion: integer().notNull().default(0),
  },
  (t) => [index('terms_search_vector_idx').using('gin', t.searchVector)],
)

/**
 * Every form of every term (generated from its pattern, plus its extra forms), written with the term
 * (decision 055). `form` is the spelling key (lower case, ṁ as ṃ), `plain` the same without diacritics.
 */
export const termForms = pgTable(
  'term_forms',
  {
    termId: integer()
      .notNull()
      .references(() => terms.id, { onDelete: 'cascade' }),
    form: text().notNull(),
    plain: text().notNull(),
    /** Estonian grammar label(s) of the form, e.g. 'gen./dat. ainsus'. */
    grammar: text().notNull(),
    /** 0 citation form, 1 the pattern's forms, 2 other genders of an adjective, 3 extra forms. */
    weight: smallint().notNull(),
  },
  (t) => [primaryKey({ columns: [t.termId, t.form] }), index().on(t.form), index().on(t.plain)],
)

/**
 * One row whose `version` a statement trigger raises on every change to terms or term_forms
 * (migration 0020), so each server process sees at a one-row read that its lookup index is old.
 */
export const lexiconVersion = pgTable('lexicon_version', {
  id: integer().primaryKey(),
  version: integer().notNull().default(0),
})

export const feedback = pgTable(
  'feedback',
  {
    id: serial().primaryKey(),
    name: text(),
    email: text(),
    feedback: text().notNull(),
    handled: boolean().notNull().default(false),
    handledAt: timestamp({ withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    /** The page it was sent from; null when sent elsewhere or once the page is deleted. */
    contentId: integer().references((): AnyPgColumn => contentPages.id, { onDelete: 'set null' }),
    /** The page's title when the feedback was sent, so the inbox still names a deleted page. */
    pageTitle: text(),
    /** The text the reader had selected (bounded, FEEDBACK_PASSAGE_MAX_CHARS) and the block it starts in. */
    passage: text(),
    blockId: text(),
  },
  (t) => [index().on(t.createdAt), index().on(t.contentId)],
)

/**
 * Chunks of a page upload waiting for finalize; keyed by uploader and target ('new' or a page id).
 * `chunk` is stored uncompressed (STORAGE EXTERNAL, migration 0017): it is read back within seconds.
 */
export const uploadChunks = pgTable(
  'upload_chunks',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    target: text().notNull(),
    chunkIndex: integer().notNull(),
    totalChunks: integer().notNull(),
    chunk: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.target, t.chunkIndex] }), index().on(t.createdAt)],
)

/** Every change an administrator makes: who, what, when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial().primaryKey(),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    username: text(),
    action: text().notNull(),
    entity: text().notNull(),
    entityId: integer(),
    details: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt)],
)

/**
 * Pictures used in pages, stored once each (`hash` of the uploaded bytes finds a repeated upload)
 * and served from /api/images/{id}?v=… (the bytes of an id never change; the alt text may).
 */
export const images = pgTable('images', {
  id: serial().primaryKey(),
  /** SHA-256 (hex) of the bytes as uploaded; its first 16 digits are the `v` of the address. */
  hash: text().notNull().unique(),
  /** image/jpeg or image/webp: what the upload was re-encoded to. */
  type: text().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  sizeBytes: integer().notNull(),
  bytes: bytea().notNull(),
  alt: text().notNull().default(''),
  /** The uploaded file's name, shown in the image library only. */
  fileName: text().notNull().default(''),
  createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})

/**
 * Background jobs an administrator starts (reprocessing every page): state and progress survive a
 * browser reload and a server restart. A job is `running` only while the run holding its job lock
 * refreshes it; one that stopped with its process reads as `interrupted` (decision 035).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    /** running | finished | failed | interrupted */
    state: text().notNull().default('running'),
    total: integer().notNull().default(0),
    done: integer().notNull().default(0),
    failedIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    message: text(),
    startedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    startedByName: text(),
    startedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true, mode: 'date' }),
    heartbeatAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index().on(t.kind, t.startedAt)],
)

/**
 * What an administrator deleted (a book, a chapter or a page with everything under it), kept for
 * restoring until `purgeAfter` (decision 043). The rows themselves are moved out of their tables
 * into `trash_rows`, so nothing a visitor or an administrator's normal screen reads can see them.
 */
export const trash = pgTable(
  'trash',
  {
    id: serial().primaryKey(),
    /** book | chapter | content */
    kind: text().notNull(),
    /** The deleted book's, chapter's or page's id; restored under the same id. */
    entityId: integer().notNull(),
    title: text().notNull(),
    /** Where it was: a chapter's book, a page's chapter; null for a book. */
    parentId: integer(),
    parentTitle: text(),
    chapterCount: integer().notNull().default(0),
    pageCount: integer().notNull().default(0),
    deletedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    deletedByName: text(),
    deletedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    purgeAfter: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index().on(t.purgeAfter), index().on(t.kind, t.entityId)],
)

/**
 * The rows of one trash entry as they were (`to_jsonb` of the row): books, chapters, content,
 * content_revisions, the current reader_builds with their reader_blocks, search_passages and
 * term_uses, and which feedback named a page. `rowId` is the row's id where it has one.
 */
export const trashRows = pgTable(
  'trash_rows',
  {
    trashId: integer()
      .notNull()
      .references(() => trash.id, { onDelete: 'cascade' }),
    tableName: text().notNull(),
    rowId: integer(),
    row: jsonb().notNull(),
  },
  (t) => [index().on(t.trashId, t.tableName), index().on(t.tableName, t.rowId)],
)

/**
 * The canon's collections (decision 056): an abbreviation ('SN') and its names in Pāli, English and
 * Estonian, with optional aliases; the Khuddaka Nikāya's and the Vinaya's books name their parent.
 * Reference reading (shared/text/references.ts) treats every name as the collection.
 */
export const collections = pgTable(
  'collections',
  {
    id: serial().primaryKey(),
    abbreviation: text().notNull(),
    paliName: text().notNull(),
    englishName: text().notNull(),
    estonianName: text().notNull(),
    aliases: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    parentId: integer().references((): AnyPgColumn => collections.id, { onDelete: 'set null' }),
    /** The order of the list (the canon's order). */
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Unique as reading compares it: 'Patis' is 'Paṭis'. The prefix indexes reference lookup uses on
  // search_passages.heading and content.title are in migration 0021 only (expression indexes).
  (t) => [uniqueIndex('collections_abbreviation_unique').on(sql`f_unaccent(lower(${t.abbreviation}))`)],
)
