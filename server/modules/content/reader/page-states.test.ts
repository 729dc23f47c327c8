// When the page states say administrators' writes have settled: the embedded database's upkeep
// waits for it before a merge (db/maintenance.ts). No kept states here, so no query is made.
import { describe, expect, it } from 'vitest'
import type { Db } from '../../../db/client.ts'
import { PageStates } from './page-states.ts'

const noDatabase = new Proxy({} as Db, {
  get() {
    throw new Error('no query expected')
  },
})

describe('page states: writes settled', () => {
  it('settles a moment after the last write ended, not while one runs', async () => {
    const states = new PageStates(noDatabase)
    expect(await states.whenSettled(0)).toBe(true)
    states.writeStarted()
    expect(await states.whenSettled(120)).toBe(false)
    const started = performance.now()
    const settled = states.whenSettled(5_000)
    await new Promise((resolve) => setTimeout(resolve, 100))
    await states.writeEnded()
    expect(await settled).toBe(true)
    // a write's end is followed by a moment in which a save's next request is likely (1 s)
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_000)
    // an upload's staging (no page changed) counts as a write too
    states.writeStarted({ changesPages: false })
    expect(await states.whenSettled(60)).toBe(false)
    await states.writeEnded({ changesPages: false })
  })
})
