// The lexicon's rules: sanitised descriptions, unique names, visibility, grouping by letter.
import type { CurrentUser } from '#shared/api/auth.ts'
import type { TermValues } from '#shared/api/terms.ts'
import { estonianCollator, termLetter, termLetters } from '#shared/text/fold-diacritics.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { AppError, badRequest, notFound } from '../../http/errors.ts'
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/pg-errors.ts'
import { isBlankHtml, sanitizeHtml } from '../../lib/sanitize-html.ts'
import type { TextCache } from '../../lib/text-cache.ts'
import { fieldChanges, recordAudit } from '../audit/audit.service.ts'
import { cleanExtraForms, formsOf, writeTermForms, type FormsSource } from './term-forms.ts'
import {
  deleteTerm,
  findTerm,
  findTermForms,
  findTermIdsByNames,
  findTermsByIds,
  insertTerm,
  listTermNames,
  updateTerm,
  type TermColumns,
} from './terms.repo.ts'

export const DUPLICATE_TERM = 'A term with this name already exists'

/** Whether a term of this id exists, published or not (an administrator's /term/{id} page). */
export async function termExists(db: DbOrTx, id: number) {
  return (await findTerm(db, id)) !== undefined
}
export const DESCRIPTION_REQUIRED = 'Description is required'

/** The sanitised description, or undefined when nothing readable is left. */
export function cleanDescription(html: string): string | undefined {
  const clean = sanitizeHtml(html)
  return isBlankHtml(clean) ? undefined : clean
}

/**
 * Stored descriptions are sanitised again on the way out: a row written around the app (a restore,
 * an SQL fix, an older rule) must not reach a reader's browser unclean. Sanitising is idempotent, so
 * a clean description is sent unchanged; the app's cache (keyed by the stored text) makes a repeat a
 * lookup.
 */
export function sentDescription(cache: TextCache | undefined, stored: string): string {
  return cache ? cache.through(stored, () => sanitizeHtml(stored)) : sanitizeHtml(stored)
}

function termColumns(input: TermValues): TermColumns {
  const description = cleanDescription(input.description)
  if (!description) throw badRequest(`description: ${DESCRIPTION_REQUIRED}`)
  return {
    term: input.term,
    description,
    published: input.published,
    // Left out, the term keeps what it has (a client that knows nothing of forms changes none).
    ...(input.pattern !== undefined ? { pattern: input.pattern } : {}),
    ...(input.extraForms !== undefined ? { extraForms: cleanExtraForms(input.extraForms) } : {}),
  }
}

/**
 * The term with its forms as stored, lightest first and in the paradigm's order (the order the
 * generator gives them in; the table keeps no order of its own).
 */
export async function withForms<T extends FormsSource>(db: DbOrTx, term: T) {
  const order = new Map(formsOf(term).map((row, index) => [row.form, index]))
  const rows = await findTermForms(db, term.id)
  const place = (form: string) => order.get(form) ?? Number.MAX_SAFE_INTEGER
  rows.sort((a, b) => a.weight - b.weight || place(a.form) - place(b.form) || a.form.localeCompare(b.form))
  return { ...term, forms: rows.map(({ form, grammar }) => ({ form, grammar })) }
}

/** A second term of the same name is a 409, whether we see it first or the unique index does. */
async function refuseDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new AppError(409, 'already_exists', DUPLICATE_TERM)
    throw error
  }
}

export function createTerm(db: Db, user: CurrentUser, input: TermValues) {
  const values = termColumns(input)
  return refuseDuplicates(() =>
    db.transaction(async (tx) => {
      const term = await insertTerm(tx, values)
      await writeTermForms(tx, [term])
      await recordAudit(tx, user, 'create', 'term', term.id, { term: term.term })
      return withForms(tx, term)
    }),
  )
}

export function changeTerm(db: Db, user: CurrentUser, id: number, input: TermValues) {
  const values = termColumns(input)
  return refuseDuplicates(() =>
    db.transaction(async (tx) => {
      const before = await findTerm(tx, id)
      const term = before && (await updateTerm(tx, id, values))
      if (!term) throw notFound('Term')
      await writeTermForms(tx, [term])
      const changes = fieldChanges(before, term, ['term', 'description', 'published', 'pattern'])
      await recordAudit(tx, user, 'update', 'term', id, { term: term.term, changes })
      return withForms(tx, term)
    }),
  )
}

export function removeTerm(db: Db, user: CurrentUser, id: number) {
  return db.transaction(async (tx) => {
    const before = await findTerm(tx, id)
    const term = await deleteTerm(tx, id)
    if (!term) throw notFound('Term')
    // The description goes with the term: the log keeps it, so a deleted term can be written again.
    await recordAudit(tx, user, 'delete', 'term', id, { term: term.term, description: before?.description ?? null })
  })
}

export async function letters(db: Db, { publishedOnly }: { publishedOnly: boolean }) {
  const names = await listTermNames(db, { publishedOnly })
  return termLetters(names.map((name) => name.term))
}

/** The terms listed under one letter (given as shown, e.g. 'A' or 'õ'), in Estonian order. */
export async function termsUnderLetter(db: Db, letter: string, { publishedOnly }: { publishedOnly: boolean }) {
  const wanted = termLetter(letter)
  const names = await listTermNames(db, { publishedOnly })
  const ids = names.filter((name) => termLetter(name.term) === wanted).map((name) => name.id)
  const terms = await findTermsByIds(db, ids)
  return terms.sort((a, b) => estonianCollator.compare(a.term, b.term) || a.id - b.id)
}

/** Term ids by exact name, for the names given (the pipeline turns their `data-term` marks into links). */
export async function termIdsByName(db: DbOrTx, names: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  // A page marks a few hundred terms at most; batches keep each statement's parameters few.
  for (let from = 0; from < names.length; from += 1000) {
    for (const row of await findTermIdsByNames(db, names.slice(from, from + 1000))) ids.set(row.term, row.id)
  }
  return ids
}

/** Whether the term exists for this reader (visitors: published terms only). */
export async function termIsVisible(db: DbOrTx, id: number, { publishedOnly }: { publishedOnly: boolean }) {
  const term = await findTerm(db, id)
  return term !== undefined && (term.published || !publishedOnly)
}
