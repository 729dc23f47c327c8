// The search dialog's pure rules: which result is active as the reader presses arrow keys, where a
// result leads, and which books the filter asks for. No DOM, no React: tested with tables.
import type { SearchResult } from '#shared/api/search.ts'

/** Home and End stay with the text box (they move the caret); only the arrows move through results. */
export type NavigationKey = 'ArrowDown' | 'ArrowUp'

export function isNavigationKey(key: string): key is NavigationKey {
  return key === 'ArrowDown' || key === 'ArrowUp'
}

/** The active result after an arrow key: one step, wrapping around the ends; -1 when there are no results. */
export function nextActiveIndex(current: number, count: number, key: NavigationKey): number {
  if (count <= 0) return -1
  switch (key) {
    case 'ArrowDown':
      return current < 0 || current >= count - 1 ? 0 : current + 1
    case 'ArrowUp':
      return current <= 0 || current >= count ? count - 1 : current - 1
  }
}

/** A stable name for each result, so the active one survives a fresh answer that still holds it. */
export function resultKeys(results: readonly SearchResult[]): string[] {
  const seen = new Map<string, number>()
  return results.map((result) => {
    const base = `${result.type}:${result.id}:${result.anchor ?? ''}`
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    return count === 0 ? base : `${base}:${count}`
  })
}

/** The active result's index: the chosen key where it still is, else the first result (-1 when empty). */
export function activeIndexOf(keys: readonly string[], activeKey: string | null): number {
  if (keys.length === 0) return -1
  const index = activeKey === null ? -1 : keys.indexOf(activeKey)
  return index === -1 ? 0 : index
}

/** Where a result opens: a page at the passage that matched (the reader jumps to the hash), or a term. */
export function resultHref(result: Pick<SearchResult, 'type' | 'id' | 'anchor'>): string {
  if (result.type === 'term') return `/term/${result.id}`
  return result.anchor ? `/content/${result.id}#${encodeURIComponent(result.anchor)}` : `/content/${result.id}`
}

/**
 * The `books` the request names: null (no parameter, every book) when nothing was unticked or the
 * book list is not known; otherwise the ticked ones, in list order (possibly none).
 */
export function chosenBookIds(
  allBookIds: readonly number[] | undefined,
  unticked: ReadonlySet<number>,
): number[] | null {
  if (!allBookIds) return null
  const chosen = allBookIds.filter((id) => !unticked.has(id))
  return chosen.length === allBookIds.length ? null : chosen
}
