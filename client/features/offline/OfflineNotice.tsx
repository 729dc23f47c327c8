// An unobtrusive line under the header while the browser has no network: what the reader sees is
// a saved copy (decision 032).
import { offlineTexts } from '#client/texts/offline.ts'
import { useOnline } from './use-online.ts'

export function OfflineNotice() {
  const online = useOnline()
  return (
    <div
      role="status"
      className={online ? 'sr-only' : 'border-b border-amber-200 bg-amber-50 px-4 py-1 text-sm text-amber-900'}
    >
      {online ? '' : offlineTexts.notice}
    </div>
  )
}
