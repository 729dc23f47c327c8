// The reader's first view (decision 022), the one contract between its three parts: the client's
// build writes the templates (client/features/first-view/frame.ts → dist/client/first-view.json),
// the server fills their slots and writes the reader's data beside them (server/http/first-view.ts),
// and the client finds both again before React renders (client/features/first-view/first-view.ts).
// scripts/first-view-contract.test.ts checks that the templates hold exactly these slots.
import type { ContentSummary, ReaderChunk } from './api/content.ts'

/** Each template of first-view.json, with the slots in it the server fills (written `{{name}}`). */
export const FIRST_VIEW_SLOTS = {
  /** The public frame: the class of the header's Home link, and the main area's HTML. */
  frame: ['homeClass', 'main'],
  /** A reader page's title bar and first chunk, for the frame's main area. */
  reader: ['crumb', 'pager', 'title', 'id', 'chunk'],
  /** The home page's text, for the frame's main area. */
  home: [],
  /** The class of the header's Home link on the home page and elsewhere. */
  homeLinkActive: [],
  homeLink: [],
  /** The title bar's previous and next links, and each link. */
  pager: ['links'],
  previousLink: ['id', 'title'],
  nextLink: ['id', 'title'],
} as const

export type FirstViewTemplateName = keyof typeof FIRST_VIEW_SLOTS
export type FirstViewSlot<Name extends FirstViewTemplateName> = (typeof FIRST_VIEW_SLOTS)[Name][number]
export type FirstViewTemplates = Record<FirstViewTemplateName, string>

/** A slot as a template holds it, its name captured (global: for `replace` and `matchAll`). */
export const SLOT_TOKEN = /\{\{(\w+)\}\}/g

/** A template's slots as written in it: `slotTokens('reader').title` is '{{title}}'. */
export function slotTokens<Name extends FirstViewTemplateName>(name: Name): Record<FirstViewSlot<Name>, string> {
  return Object.fromEntries(FIRST_VIEW_SLOTS[name].map((slot) => [slot, `{{${slot}}}`])) as Record<
    FirstViewSlot<Name>,
    string
  >
}

/** index.html's root element, empty: the server puts the filled frame inside it, and the data after it. */
export const ROOT_OPEN_TAG = '<div id="root">'
export const EMPTY_ROOT = `${ROOT_OPEN_TAG}</div>`
/** The frame's outermost element has this attribute (empty); React's own frame has not. */
export const FRAME_ATTRIBUTE = 'data-first-view'
/** The first chunk's element in the frame: the reader marks each chunk's element `data-chunk="{index}"`. */
export const FIRST_CHUNK_ATTRIBUTE = 'data-chunk="0"'
/** The id of the `<script type="application/json">` holding FirstViewData. */
export const FIRST_VIEW_DATA_ID = 'first-view-data'

/** What the server knows of a published page's first screen: its title bar and its first chunk. */
export interface ReaderFirstView {
  summary: ContentSummary
  chunk: ReaderChunk
}

/** The reader's data beside the frame: the first chunk's HTML is in the frame already. */
export interface FirstViewData {
  summary: ContentSummary
  chunk: Omit<ReaderChunk, 'chunk'>
}
