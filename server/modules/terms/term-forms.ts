// Every form of a term, as term_forms keeps it (decision 055): generated from the term's pattern (or
// the one guessed from its citation form) plus the editor's extra forms, written in the same
// transaction as the term. Terms written by an older generator (forms_version below FORMS_VERSION)
// are written again in the background after start, a batch at a time.
import { setTimeout as sleep } from 'node:timers/promises'
import { generateForms, guessPattern, paliKey, plainKey, type PatternId } from '#shared/pali/index.ts'
import type { Db, DbOrTx } from '../../db/client.ts'
import { lockStaleFormTerms, replaceTermForms, type TermFormRow } from './terms.repo.ts'

/**
 * The forms generator's version: raise it whenever shared/pali's paradigms change, and every term's
 * forms are written again after the next start.
 */
export const FORMS_VERSION = 1

/** What the forms of a term are made from. */
export interface FormsSource {
  id: number
  term: string
  pattern: string | null
  extraForms: string[]
}

/**
 * The term's forms keyed by spelling (lower case, ṁ as ṃ): one row per form, with the lowest weight
 * any reading of it has and every grammar label it carries ('nom. mitmus; akk. mitmus').
 */
export function formsOf(source: Omit<FormsSource, 'id'>): Omit<TermFormRow, 'termId'>[] {
  const pattern = (source.pattern as PatternId | null) ?? guessPattern(source.term)
  const byForm = new Map<string, { form: string; plain: string; grammar: string[]; weight: number }>()
  for (const generated of generateForms(source.term, pattern, source.extraForms)) {
    const form = paliKey(generated.form)
    if (!form) continue
    const kept = byForm.get(form)
    if (!kept) {
      byForm.set(form, { form, plain: plainKey(form), grammar: [generated.grammar], weight: generated.weight })
      continue
    }
    if (generated.weight < kept.weight) {
      kept.weight = generated.weight
      kept.grammar = [generated.grammar, ...kept.grammar.filter((label) => label !== generated.grammar)]
    } else if (!kept.grammar.includes(generated.grammar)) kept.grammar.push(generated.grammar)
  }
  return [...byForm.values()]
    .map(({ grammar, ...row }) => ({ ...row, grammar: grammar.filter(Boolean).join('; ') }))
    .sort((a, b) => a.weight - b.weight)
}

/** Writes the forms of these terms (in the caller's transaction), replacing what they had. */
export async function writeTermForms(tx: DbOrTx, sources: FormsSource[]) {
  const rows: TermFormRow[] = []
  for (const source of sources) for (const row of formsOf(source)) rows.push({ termId: source.id, ...row })
  await replaceTermForms(
    tx,
    sources.map((source) => source.id),
    rows,
    FORMS_VERSION,
  )
  return rows.length
}

/** Extra forms as stored: trimmed, blank ones and repeats left out. */
export function cleanExtraForms(forms: readonly string[]): string[] {
  return [...new Set(forms.map((form) => form.trim()).filter(Boolean))]
}

export interface RegenerationOptions {
  /** Terms per transaction. */
  batch?: number
  /** The pause between two batches, so readers' requests go first. */
  pauseMs?: number
}

/**
 * Writes again the forms of every term an older generator wrote, in the background: a batch of
 * terms per transaction (locked, so another process or an editor's save never races it: rows
 * another transaction holds are skipped and come in a later batch), with a pause between batches.
 * `stop()` ends it between two batches (before the database closes).
 */
export class FormsRegeneration {
  private readonly controller = new AbortController()
  private running: Promise<number> | undefined

  constructor(
    private readonly db: Db,
    /** Called after each batch that changed forms (the lookup index is then old). */
    private readonly changed: () => void,
  ) {}

  /** Starts (once) and resolves to how many terms it wrote again. */
  start(options: RegenerationOptions = {}): Promise<number> {
    this.running ??= this.run(options).finally(() => {
      this.running = undefined
    })
    return this.running
  }

  async stop() {
    this.controller.abort()
    await this.running?.catch(() => {})
  }

  private async run({ batch = 200, pauseMs = 50 }: RegenerationOptions): Promise<number> {
    let written = 0
    while (!this.controller.signal.aborted) {
      const count = await this.db.transaction(async (tx) => {
        const stale = await lockStaleFormTerms(tx, FORMS_VERSION, batch)
        if (stale.length > 0) await writeTermForms(tx, stale)
        return stale.length
      })
      // Rows another transaction held were skipped: it writes them (a save writes the current
      // version's forms; another process's regeneration its batch).
      if (count === 0) break
      written += count
      this.changed()
      await sleep(pauseMs, undefined, { signal: this.controller.signal }).catch(() => {})
    }
    return written
  }
}
