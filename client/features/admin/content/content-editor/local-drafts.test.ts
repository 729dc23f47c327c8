import { describe, expect, it } from 'vitest'
import { draftOffer } from './local-drafts.ts'
import type { LocalDraft } from './local-drafts.ts'

const draft: LocalDraft = { pageId: 1, section: '', baseVersion: 3, text: '<p>typed</p>', savedAt: 0 }

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
