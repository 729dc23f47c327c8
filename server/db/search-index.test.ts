// A save merges its passages only while readers are searching (decision 067).
import { describe, expect, it } from 'vitest'
import { SEARCHED_LATELY_MS, SearchIndexMerges } from './search-index.ts'

describe('SearchIndexMerges', () => {
  it('merges when readers searched within the last 30 s, and not before anybody searched or after', async () => {
    let clock = 1_000_000
    let merges = 0
    const index = new SearchIndexMerges(
      async () => merges++,
      () => clock,
    )
    expect(await index.passagesWritten()).toBe(false)
    index.searched()
    clock += SEARCHED_LATELY_MS
    expect(await index.passagesWritten()).toBe(true)
    expect(merges).toBe(1)
    clock += 1
    expect(await index.passagesWritten()).toBe(false)
    expect(merges).toBe(1)
  })

  it('a failed merge does not fail the save: the upkeep merges later', async () => {
    const index = new SearchIndexMerges(async () => {
      throw new Error('merge failed')
    })
    index.searched()
    expect(await index.passagesWritten()).toBe(true)
  })
})
