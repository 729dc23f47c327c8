// The frame of every public screen: skip link, header, the resizable side panel (a slide-in menu
// on phones) and the main area, which scrolls on its own. The print view gets none of it.
// The desktop panels (react-resizable-panels, the book tree) are their own chunk: a phone never
// loads them, and a desktop asks for them at once (React renders the first screen in a transition,
// so the server's first view stays until they are there).
import { Suspense } from 'react'
import { Outlet, useLocation, useMatch, useSearchParams } from 'react-router'
import { siteTexts } from '#client/texts/common.ts'
import { lazyPart } from '#client/components/lazy-part.ts'
import { OfflineNotice } from '#client/features/offline/OfflineNotice.tsx'
import { MainArea } from './MainArea.tsx'
import { PhoneMenu } from './PhoneMenu.tsx'
import { SiteHeader } from './SiteHeader.tsx'
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query.ts'
import { layoutClasses } from './layout-classes.ts'
import './layout.css'

const desktopPanels = lazyPart(() => import('./DesktopPanels.tsx'), 'DesktopPanels')
if (typeof window !== 'undefined' && window.matchMedia?.(DESKTOP_QUERY).matches) desktopPanels.preload()

export function PublicLayout() {
  const [search] = useSearchParams()
  const { pathname } = useLocation()
  const contentMatch = useMatch('/content/:id')
  const contentId =
    contentMatch && /^[0-9]{1,10}$/.test(contentMatch.params.id ?? '') ? Number(contentMatch.params.id) : null
  const desktop = useMediaQuery(DESKTOP_QUERY)

  if (isPrintAddress(search, pathname)) {
    return (
      <main id="main" className="bg-white">
        <Outlet />
      </main>
    )
  }

  return (
    <div className={layoutClasses.root}>
      <SkipToContent />
      <SiteHeader menu={desktop ? null : <PhoneMenu contentId={contentId} />} />
      <OfflineNotice />
      <div className={layoutClasses.body}>
        {desktop ? (
          <Suspense fallback={null}>
            <desktopPanels.Component contentId={contentId} />
          </Suspense>
        ) : (
          <MainArea />
        )}
      </div>
    </div>
  )
}

/** True on the print view's address: the layout leaves out the header and the side panel there. */
function isPrintAddress(search: URLSearchParams, pathname: string): boolean {
  return search.get('print') === '1' && (pathname.startsWith('/content/') || pathname.startsWith('/chapter/'))
}

export function SkipToContent() {
  return (
    <a
      href="#main"
      onClick={(event) => {
        // focus the main area without touching the address: a '#main' hash would count as a jump
        const main = document.getElementById('main')
        if (!main) return
        event.preventDefault()
        main.focus()
      }}
      className={layoutClasses.skipLink}
    >
      {siteTexts.skipToContent}
    </a>
  )
}
