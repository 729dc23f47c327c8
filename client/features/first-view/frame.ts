// The page as it stands before any script runs: the public frame (header, side panel, main area)
// and, in its main area, the home page or a reader page's title bar and first chunk. The build
// writes these templates into dist/client/first-view.json (vite.config.ts); the server fills in a
// page's title and first chunk (server/http/first-view.ts), so text paints at once, and the client
// takes the page over without moving it (first-view.ts here). Same classes and texts as the React
// components (layout-classes.ts); e2e/first-view-ssr.spec.ts checks that nothing moves.
//
// The slots the server fills are named in shared/first-view.ts. Everything but the frame's main,
// the reader's pager and chunk and the pager's links (HTML made there, or sanitised) is escaped there.
import { SIDE_PANEL_DEFAULT_PERCENT } from '#shared/limits.ts'
import { FIRST_CHUNK_ATTRIBUTE, FRAME_ATTRIBUTE, slotTokens, type FirstViewTemplates } from '#shared/first-view.ts'
import { headerTexts, siteTexts } from '#client/texts/common.ts'
import { readerTexts, sidePanelTexts } from '#client/texts/reader.ts'
import { searchTexts } from '#client/texts/search.ts'
import { buttonClasses } from '#client/components/ui/button-classes.ts'
import { layoutClasses as c, titleBarClasses as t } from '#client/layout/layout-classes.ts'
import { welcomeHtml } from '#client/layout/welcome-html.ts'

const SEARCH_ICON =
  '<svg aria-hidden="true" viewBox="0 0 20 20" class="size-4" fill="none" stroke="currentColor" stroke-width="2"><circle cx="8.5" cy="8.5" r="5.5"></circle><path d="m13 13 4.5 4.5" stroke-linecap="round"></path></svg>'

function frame() {
  const slot = slotTokens('frame')
  const header = [
    `<header class="${c.header}"><div class="${c.headerRow}">`,
    `<div class="${c.headerStart}"><button type="button" class="${c.menuButton} md:hidden"><span aria-hidden="true">☰</span>${sidePanelTexts.menu}</button>`,
    `<a class="${c.logo}" href="/">${siteTexts.name}</a></div>`,
    `<div class="${c.headerEnd}"><button type="button" class="${buttonClasses('secondary', c.searchButton)}" aria-keyshortcuts="Control+K Meta+K">`,
    `${SEARCH_ICON}${searchTexts.open}<kbd aria-hidden="true" class="${c.shortcut}">${searchTexts.shortcut}</kbd></button>`,
    `<nav aria-label="${headerTexts.navLabel}"><ul class="${c.navList}"><li><a class="${slot.homeClass}" href="/">${headerTexts.home}</a></li>`,
    `<li><span class="${c.navPending}" aria-hidden="true"></span></li></ul></nav></div>`,
    `</div></header>`,
  ].join('')
  // As react-resizable-panels lays the panels out at their default sizes; on phones only the main area shows.
  const side = SIDE_PANEL_DEFAULT_PERCENT
  const panels = [
    `<div class="${c.body}"><div class="flex h-full">`,
    `<div class="hidden min-w-0 md:flex" style="flex: ${side} 1 0px"><div class="side-panel h-full grow overflow-auto">`,
    `<aside aria-label="${sidePanelTexts.label}" class="${c.sidePanel}"></aside></div></div>`,
    `<div class="${c.separator} hidden flex-none md:block"></div>`,
    `<div class="flex min-w-0" style="flex: ${100 - side} 1 0px"><div class="h-full max-w-full grow overflow-hidden">`,
    `<main id="main" tabindex="-1" class="${c.main}"><div class="${c.mainInner}">${slot.main}</div></main>`,
    `</div></div></div></div>`,
  ].join('')
  return `<div class="${c.root}" ${FRAME_ATTRIBUTE}=""><a href="#main" class="${c.skipLink}">${siteTexts.skipToContent}</a>${header}${panels}</div>`
}

function reader() {
  const slot = slotTokens('reader')
  return [
    `<article class="reader"><div role="group" aria-label="${readerTexts.titleBarLabel}" data-visible="true" class="${t.bar} ${t.motion}">`,
    `<div class="${t.crumbRow}"><p class="${t.crumb}">${slot.crumb}</p>${slot.pager}</div><div class="${t.row}"><div class="${t.start}"><h1 class="${c.heading}">${slot.title}</h1></div>`,
    `<div class="${t.tools}"><button type="button" class="${buttonClasses('secondary', t.findButton)}" aria-label="${readerTexts.find}" title="${readerTexts.find}" aria-expanded="false">${SEARCH_ICON}</button>`,
    `<button type="button" class="${buttonClasses('secondary')}">${readerTexts.toc}</button>`,
    `<button type="button" aria-label="${readerTexts.settingsLabel}" class="${buttonClasses('secondary')}">${readerTexts.settings}</button>`,
    `<a href="/content/${slot.id}?print=1" target="_blank" rel="noopener" aria-label="${readerTexts.pdfLabel}" class="${buttonClasses('secondary')}">${readerTexts.pdf}</a>`,
    `</div></div></div>`,
    `<div class="reader-body"><div class="reader-chunk reader-prose" ${FIRST_CHUNK_ATTRIBUTE}>${slot.chunk}</div></div></article>`,
  ].join('')
}

/** As TitleBar's PagerLink renders it; the label's {title} becomes the link's title slot. */
function pagerLink(rel: 'prev' | 'next', label: string, text: string) {
  const slot = slotTokens(rel === 'prev' ? 'previousLink' : 'nextLink')
  return `<a href="/content/${slot.id}" rel="${rel}" aria-label="${label.replace('{title}', slot.title)}" class="${t.pagerLink}">${text}</a>`
}

export function firstViewTemplates(): FirstViewTemplates {
  return {
    frame: frame(),
    reader: reader(),
    home: welcomeHtml(),
    homeLinkActive: c.navLinkActive,
    homeLink: c.navLink,
    pager: `<nav aria-label="${readerTexts.pagerLabel}" class="${t.pager}">${slotTokens('pager').links}</nav>`,
    previousLink: pagerLink('prev', readerTexts.previousPage, readerTexts.previous),
    nextLink: pagerLink('next', readerTexts.nextPage, readerTexts.next),
  }
}
