// The reader part of the content module: what other parts and modules may use of it. Within the
// part, files import each other directly.
export { chunksAtOnce, type ChunksAtOnce } from './chunks-at-once.ts'
export { ChunkStore } from './chunk-store.ts'
export { pageTextCache, type PageTextCache } from './find-in-page.ts'
export { keptTitleBars, readFirstView } from './first-view.ts'
export { PageStates } from './page-states.ts'
export type { ReaderContext } from './reader-context.ts'
export {
  deleteBuild,
  finishBuild,
  readBuildBlockHashes,
  readBuildBlocks,
  removeStaleBuilds,
  startBuild,
  withBuild,
} from './reader-builds.service.ts'
export { firstViewRoutes, readerRoutes } from './reader.routes.ts'
export {
  BLOCK_JOINER,
  outlineCache,
  processedBodyOfSave,
  readProcessedBody,
  readStoredBlocks,
  storedLinksSection,
  type OutlineCache,
} from './reader.service.ts'
