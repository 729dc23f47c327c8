// The desktop layout below the header: the side panel, resizable (its width remembered in
// localStorage), and the main area. Its own chunk: phones never load it (PublicLayout.tsx).
import { Group, Panel, Separator, useDefaultLayout } from 'react-resizable-panels'
import { SIDE_PANEL_DEFAULT_PERCENT, SIDE_PANEL_MAX_PERCENT, SIDE_PANEL_MIN_PERCENT } from '#shared/limits.ts'
import { sidePanelTexts } from '#client/texts/reader.ts'
import { MainArea } from './MainArea.tsx'
import { SidePanel } from './SidePanel.tsx'
import { layoutClasses } from './layout-classes.ts'

/** The side panel's width is remembered in localStorage under this id. */
const LAYOUT_ID = 'reader-side-panel'

export function DesktopPanels({ contentId }: { contentId: number | null }) {
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
