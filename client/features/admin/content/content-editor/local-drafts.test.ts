import { describe, expect, it } from 'vitest'
import { DRAFT_LIFETIME_DAYS, draftOffer, isExpired, usableDraft } from './local-drafts.ts'
import type { LocalDraft } from './local-drafts.ts'

const DAY = 24 * 60 * 60 * 1000
const written = Date.UTC(2026, 10, 27, 9, 0)
const draft: LocalDraft = { userId: 7, pageId: 1, section: '', baseVersion: 3, text: '<p>typed</p>', savedAt: written }

describe('draftOffer', () => {
  it('offers nothing without a draft or when the draft is the saved text', () => {
    expect(draftOffer(undefined, '<p>saved</p>', 3)).toBeNull()
    expect(draftOffer({ ...draft, text: '<p>saved</p>' }, '<p>saved</p>', 4)).toBeNull()
  })

  it('offers a draft that differs, warning when the page was saved since its version', () => {
    expect(draftOffer(draft, '<p>saved</p>', 3)).toEqual({ draft, pageChangedSince: false })
    expect(draftOffer(draft, '<p>saved</p>', 4)).toEqual({ draft, pageChangedSince: true })
  })
})

describe('a draft expires', () => {
  it(`${DRAFT_LIFETIME_DAYS} days after its last write, not a moment before`, () => {
    expect(DRAFT_LIFETIME_DAYS).toBe(14)
    expect(isExpired(draft, written)).toBe(false)
    expect(isExpired(draft, written + 14 * DAY - 1)).toBe(false)
    expect(isExpired(draft, written + 14 * DAY)).toBe(true)
    expect(isExpired(draft, written + 400 * DAY)).toBe(true)
  })

  it('not when the clock is behind the time it was written (a clock set back keeps it)', () => {
    expect(isExpired(draft, written - DAY)).toBe(false)
  })

  it('when its time is not a number (a damaged record)', () => {
    expect(isExpired({ savedAt: Number.NaN }, written)).toBe(true)
  })
})

describe('a draft is only ever given to the user who wrote it', () => {
  it('the writer gets it while it has not expired', () => {
    expect(usableDraft(draft, 7, written + DAY)).toBe(draft)
    expect(usableDraft(draft, 7, written + 14 * DAY)).toBeUndefined()
  })

  it('another user never does, even for the same page and section', () => {
    expect(usableDraft(draft, 8, written + DAY)).toBeUndefined()
    expect(usableDraft(undefined, 7, written)).toBeUndefined()
  })
})
