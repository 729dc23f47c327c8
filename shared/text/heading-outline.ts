// Heading levels with no skipped level. Texts translated from word-processor files jump from h1 to
// h3 or from h2 to h4; screen readers (and axe's heading-order rule) expect each heading at most one
// level deeper than the heading before it. The outline keeps the text's own structure: a heading's
// parent is the nearest heading before it with a lower tag level, and it sits one level under that
// parent; a heading with no parent sits at most at `top` (under the page's title, an h1).

/** The levels of the headings `levels` (1–6, in document order) in an outline that never skips. */
export function outlineLevels(levels: ArrayLike<number>, top = 2): Uint8Array {
  const outline = new Uint8Array(levels.length)
  // The open headings: their tag levels and outline levels, both increasing.
  const openTags: number[] = []
  const openLevels: number[] = []
  for (let i = 0; i < levels.length; i++) {
    const tag = levels[i]!
    while (openTags.length > 0 && openTags[openTags.length - 1]! >= tag) {
      openTags.pop()
      openLevels.pop()
    }
    const parent = openLevels[openLevels.length - 1]
    // Never deeper than the tag itself: a text that does not skip is left as it is.
    const level = Math.min(tag, parent === undefined ? top : parent + 1)
    openTags.push(tag)
    openLevels.push(level)
    outline[i] = level
  }
  return outline
}
