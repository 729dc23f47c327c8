// Switching a page to a new reader build: the build is written first, where no reader sees it, then
// one short transaction makes it the page's; the build shown before is removed after the answer.
import type { Tx } from '../../../db/client.ts'
import type { ReaderContext } from './reader-context.ts'
import type { StoredPage } from '../processing/stored-page.ts'
import * as builds from './reader-builds.repo.ts'
import { timed, type PhaseClock } from '../processing/save-timing.ts'

/** Writing and reading builds' blocks, for the pages (a save) and revisions (a comparison). */
export { deleteBuild, finishBuild, readBuildBlockHashes, readBuildBlocks, startBuild } from './reader-builds.repo.ts'

/** A build no page shows is being written by a save for seconds; after an hour it is left over. */
const STALE_BUILD_MS = 60 * 60 * 1000

/**
 * Writes `processed` as a new build (or has it written: a function answering the build written,
 * or removed again if it failed) and runs `switchTo` in a transaction to make a page show it.
 * The build the page showed before is removed after the caller has its answer; when the switch
 * fails, the new build goes instead. (Builds left by a server that stopped half-way, or whose
 * removal failed, are removed by `removeStaleBuilds` at the next start.) `clock`, when given, gets
 * the time of writing (its phases) and of the switch (`commit`).
 */
export async function withBuild<T>(
  { db, background, searchIndex }: Pick<ReaderContext, 'db' | 'background' | 'searchIndex'>,
  processed: StoredPage | (() => Promise<number>),
  clock: PhaseClock | undefined,
  switchTo: (tx: Tx, buildId: number) => Promise<{ result: T; previousBuild: number | null }>,
): Promise<T> {
  // Written here, or by the caller (a save writes its build in two halves, see savePage).
  const buildId = typeof processed === 'function' ? await processed() : await builds.writeBuild(db, processed, clock)
  // While readers search, their passages go into the search index now, not after (db/search-index.ts).
  if (searchIndex) await timed(clock, 'passages', () => searchIndex.passagesWritten())
  let switched: { result: T; previousBuild: number | null }
  try {
    switched = await timed(clock, 'commit', () => db.transaction((tx) => switchTo(tx, buildId)))
  } catch (error) {
    await builds.deleteBuild(db, buildId).catch(() => {}) // removeStaleBuilds will, if this fails too
    throw error
  }
  const previous = switched.previousBuild
  if (previous !== null) background.start(() => builds.deleteBuild(db, previous))
  return switched.result
}

/** Builds no page shows, older than an hour: what a server stopped in the middle of a save left. */
export async function removeStaleBuilds(db: ReaderContext['db']) {
  for (const buildId of await builds.listStaleBuilds(db, new Date(Date.now() - STALE_BUILD_MS))) {
    await builds.deleteBuild(db, buildId)
  }
}
