// The frame of every public screen: skip link, header and the main landmark.
import { Outlet } from 'react-router'
import { texts } from '#shared/texts.ts'
import { SiteHeader } from './SiteHeader.tsx'

export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipToContent />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 outline-none">
        <Outlet />
      </main>
    </div>
  )
}

export function SkipToContent() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
    >
      {texts.site.skipToContent}
    </a>
  )
}
