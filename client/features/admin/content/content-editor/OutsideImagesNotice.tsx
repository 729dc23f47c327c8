// Above the page text: the pictures it points at that the site will not show (the
// Content-Security-Policy allows only the site's own pictures and inline data), with their addresses.
import { useDeferredValue, useMemo } from 'react'
import { fill } from '#shared/text/fill.ts'
import { outsideImageSources } from '#shared/text/image-address.ts'
import { imageTexts } from '#client/texts/images.ts'

const SHOWN_ADDRESSES = 10

export function OutsideImagesNotice({ id, text }: { id: string; text: string }) {
  // Scanning 9 MB takes a moment: let typing win.
  const deferred = useDeferredValue(text)
  const sources = useMemo(() => outsideImageSources(deferred), [deferred])
  if (sources.length === 0) return null
  const t = imageTexts.editor
  return (
    <div id={id} className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <p>{fill(t.outsideNotice, { count: sources.length })}</p>
      <ul className="mt-1 list-disc pl-5">
        {sources.slice(0, SHOWN_ADDRESSES).map((source) => (
          <li key={source} className="break-all">
            <code>{source}</code>
          </li>
        ))}
        {sources.length > SHOWN_ADDRESSES ? <li>…</li> : null}
      </ul>
      <p className="mt-1">{t.outsideHint}</p>
    </div>
  )
}
