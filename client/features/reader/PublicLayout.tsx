// The frame of every public screen: skip link, header, the resizable side panel (a slide-in menu
// on phones) and the main area, which scrolls on its own. The print view gets none of it.
import { useRef } from 'react'
import { Outlet, useLocation, useMatch, useSearchParams } from 'react-router'
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels'
import { SIDE_PANEL_DEFAULT_PERCENT, SIDE_PANEL_MAX_PERCENT, SIDE_PANEL_MIN_PERCENT } from '#shared/limits.ts'
import { siteTexts } from '#client/texts/common.ts'
import { sidePanelTexts } from '#client/texts/reader.ts'
import { isPrintAddress } from './ContentPage.tsx'
import { PhoneMenu } from './PhoneMenu.tsx'
import { ScrollRootContext } from './scroll-root.ts'
import { SidePanel } from './SidePanel.tsx'
import { SiteHeader } from './SiteHeader.tsx'
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query.ts'
import { layoutClasses } from './layout-classes.ts'

/** The side panel's width is remembered in localStorage under this id. */
const LAYOUT_ID = 'reader-side-panel'

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
      <div className={layoutClasses.body}>{desktop ? <DesktopPanels contentId={contentId} /> : <MainArea />}</div>
    </div>
  )
}

function DesktopPanels({ contentId }: { contentId: number | null }) {
  const { defaultLayout, onLayoutChanged } = useDefaultLayout({ id: LAYOUT_ID, storage: localStorage })
  return (
    <Group orientation="horizontal" defaultLayout={defaultLayout} onLayoutChanged={onLayoutChanged} className="h-full">
      <Panel
        id="side"
        defaultSize={`${SIDE_PANEL_DEFAULT_PERCENT}%`}
        minSize={`${SIDE_PANEL_MIN_PERCENT}%`}
        maxSize={`${SIDE_PANEL_MAX_PERCENT}%`}
        className="side-panel h-full"
        style={{ overflow: 'auto' }}
      >
        <aside aria-label={sidePanelTexts.label} className={layoutClasses.sidePanel}>
          <SidePanel contentId={contentId} />
        </aside>
      </Panel>
      <Separator aria-label={sidePanelTexts.resize} className={layoutClasses.separator} />
      {/* not 'main': the panel renders its id, and the skip link needs #main to be the <main> */}
      <Panel id="main-area" className="h-full" style={{ overflow: 'hidden' }}>
        <MainArea />
      </Panel>
    </Group>
  )
}

function MainArea() {
  const scrollRoot = useRef<HTMLElement>(null)
  return (
    <ScrollRootContext value={scrollRoot}>
      <main ref={scrollRoot} id="main" tabIndex={-1} className={layoutClasses.main}>
        <div className={layoutClasses.mainInner}>
          <Outlet />
        </div>
      </main>
    </ScrollRootContext>
  )
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
