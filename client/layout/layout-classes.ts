// The class names of the public frame (header, side panel, main area, the reader's title bar), in
// one place for the React components and for the same frame written into the HTML before any script
// runs (client/features/first-view/frame.ts): the two must look exactly alike, or the page jumps
// when the script takes over.

export const layoutClasses = {
  root: 'flex h-dvh flex-col',
  skipLink:
    'skip-link sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow',
  header: 'site-header shrink-0 border-b border-stone-200 bg-white',
  headerRow: 'flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3',
  headerStart: 'flex items-center gap-3',
  headerEnd: 'flex items-center gap-2',
  logo: 'rounded font-serif text-lg font-semibold text-stone-900',
  navList: 'flex items-center gap-2 text-sm',
  navLink: 'rounded px-2 py-1 text-stone-700 hover:text-stone-900 hover:underline underline-offset-4',
  navLinkActive: 'rounded px-2 py-1 font-medium text-stone-900 underline underline-offset-4',
  /** Where 'Logi sisse' or 'Halduspaneel' will be, while the session is asked for. */
  navPending: 'inline-block w-24',
  searchButton: 'px-3',
  shortcut: 'hidden rounded border border-stone-300 px-1 font-sans text-xs text-stone-500 md:inline',
  menuButton:
    'inline-flex min-h-10 items-center gap-2 rounded-md border border-stone-300 bg-white px-3 text-sm text-stone-800',
  body: 'min-h-0 flex-1',
  sidePanel: 'min-h-full border-r border-stone-200 bg-stone-100/60',
  separator:
    'panel-separator w-1.5 bg-stone-200 transition-colors outline-none hover:bg-amber-700/60 focus-visible:bg-amber-700 data-[separator=active]:bg-amber-700',
  main: 'reader-scroll h-full overflow-y-auto outline-none',
  mainInner: 'mx-auto w-full max-w-5xl px-4 pb-8 pt-4 sm:pt-6',
  heading: 'font-serif text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl',
} as const

export const titleBarClasses = {
  bar: 'reader-title-bar sticky top-0 z-20 -mx-4 mb-4 border-b border-stone-200 bg-stone-50/95 px-4 py-3 backdrop-blur',
  // Tab into a hidden bar shows it at once: during a slide in, the browser would scroll the page to reach it
  motion:
    'transition-transform duration-200 focus-within:translate-y-0 focus-within:transition-none motion-reduce:transition-none',
  crumbRow: 'flex items-baseline justify-between gap-3',
  crumb: 'min-w-0 truncate text-xs text-stone-600',
  pager: 'flex shrink-0 gap-3 text-xs',
  // At least 24 px tall, so the small text is still a target a finger can hit (WCAG 2.2 target size)
  pagerLink:
    'inline-flex min-h-6 items-center rounded text-stone-700 underline underline-offset-2 hover:text-stone-950',
  row: 'flex items-start justify-between gap-3',
  start: 'min-w-0',
  tools: 'flex shrink-0 gap-2',
  findButton: 'px-3',
} as const
