// Where progressive reading stands: 'part X of N' or 'Kogu sisu laetud (N osa)', the buttons to
// read on, and the retry after a failed chunk.
import { fill } from '#shared/text/fill.ts'
import { siteTexts } from '#client/texts/common.ts'
import { readerTexts } from '#client/texts/reader.ts'
import { Button } from '#client/components/ui/Button.tsx'
import type { ChunkLoader } from './use-chunk-loader.ts'

export function LoadStatus({ loader }: { loader: ChunkLoader }) {
  const { total, loaded, complete, state } = loader
  const failed = state.failedChunk
  return (
    <div className="reader-controls mt-8 flex flex-wrap items-center gap-3 border-t border-stone-200 pt-4 text-sm text-stone-700">
      <p role="status" className="mr-auto">
        {total === null
          ? siteTexts.loading
          : complete
            ? fill(readerTexts.allLoaded, { total })
            : fill(readerTexts.partOf, { loaded, total })}
      </p>
      {failed !== null ? (
        <div role="alert" className="flex items-center gap-3 text-red-800">
          {fill(readerTexts.chunkFailed, { chunk: failed + 1 })}
          <Button variant="secondary" onClick={loader.retry}>
            {readerTexts.retry}
          </Button>
        </div>
      ) : null}
      {!complete && total !== null ? (
        <>
          <Button variant="secondary" onClick={loader.loadMore} disabled={failed !== null}>
            {readerTexts.loadMore}
          </Button>
          <Button
            variant="secondary"
            onClick={() => void loader.loadAll()}
            disabled={failed !== null || loader.loadingAll}
          >
            {readerTexts.loadAll}
          </Button>
        </>
      ) : null}
    </div>
  )
}
