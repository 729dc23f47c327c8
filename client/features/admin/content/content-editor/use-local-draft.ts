// The editor's local draft: offered once when the editor opens (if it differs from the saved text),
// written a moment after each pause in typing, removed when the text is saved or back to the saved one.
// Drafts are the logged-in user's own (decision 044): none is read or written without one.
import { useCallback, useEffect, useRef, useState } from 'react'
import { deleteDraft, draftOffer, readDraft, writeDraft } from './local-drafts.ts'
import type { DraftOffer } from './local-drafts.ts'

/** After the views' own pause (300–400 ms): a 9 MB copy is made at most about once a second. */
const DRAFT_DELAY_MS = 700

interface LocalDraftOptions {
  /** The logged-in user, who writes the draft and is the only one offered it; null: no draft. */
  userId: number | null
  /** null for a page not saved yet: no draft is kept. */
  pageId: number | null
  /** '' for the whole page. */
  section: string
  version: number
  /** The text the editor opened with. */
  savedText: string
  /** The editor's text as last reported. */
  text: string
}

function warn(failure: unknown) {
  // Drafts are a safety net: the editor works on without one (private window, storage full).
  console.warn('The local draft could not be kept', failure)
}

export function useLocalDraft({ userId, pageId, section, version, savedText, text }: LocalDraftOptions) {
  const [offer, setOffer] = useState<DraftOffer | null>(null)
  const settled = useRef(false)

  useEffect(() => {
    if (pageId === null || userId === null) return
    let live = true
    readDraft(userId, pageId, section)
      .then((draft) => {
        if (live) setOffer(draftOffer(draft, savedText, version))
      })
      .catch(warn)
    return () => {
      live = false
    }
  }, [userId, pageId, section, savedText, version])

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const kept = useRef(savedText)
  /** Writes the text now (or deletes the draft when it is the saved text again), unless already kept. */
  const keepNow = useCallback(
    (next: string) => {
      clearTimeout(timer.current)
      if (settled.current || pageId === null || userId === null || next === kept.current) return
      kept.current = next
      const written =
        next === savedText
          ? deleteDraft(userId, pageId, section)
          : writeDraft({ userId, pageId, section, baseVersion: version, text: next, savedAt: Date.now() })
      written.catch(warn)
    },
    [userId, pageId, section, savedText, version],
  )

  useEffect(() => {
    clearTimeout(timer.current)
    timer.current = setTimeout(() => keepNow(text), DRAFT_DELAY_MS)
    return () => clearTimeout(timer.current)
  }, [text, keepNow])

  /** No draft is written from now on (after a save, or when the user logs out). */
  const letGo = useCallback(() => {
    settled.current = true
    clearTimeout(timer.current)
    setOffer(null)
  }, [])

  /** The offered draft's text; the offer goes away (the draft stays until saved). */
  const restore = useCallback((): string | null => {
    const text = offer?.draft.text ?? null
    setOffer(null)
    return text
  }, [offer])

  /** Forgets the offered draft, unless newer typing has replaced it meanwhile. */
  const discard = useCallback(() => {
    const offered = offer?.draft
    setOffer(null)
    if (!offered) return
    readDraft(offered.userId, offered.pageId, offered.section)
      .then((stored) =>
        stored?.savedAt === offered.savedAt ? deleteDraft(offered.userId, offered.pageId, offered.section) : undefined,
      )
      .catch(warn)
  }, [offer])

  /** After a successful save: the draft is deleted and no later write brings it back. */
  const saved = useCallback(async () => {
    letGo()
    if (pageId !== null && userId !== null) await deleteDraft(userId, pageId, section).catch(warn)
  }, [userId, pageId, section, letGo])

  return { offer, restore, discard, saved, keepNow, letGo }
}
