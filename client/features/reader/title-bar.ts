// When the reader's sticky title bar shows: always near the top (below
// 50px), hidden once the reader scrolls down past 100px, shown again as soon as they scroll up.
import { TITLE_BAR_HIDE_AFTER_PX, TITLE_BAR_SHOW_BELOW_PX } from '#shared/limits.ts'

export function titleBarVisible(wasVisible: boolean, previousTop: number, top: number): boolean {
  if (top < TITLE_BAR_SHOW_BELOW_PX) return true
  if (top < previousTop) return true
  if (top > previousTop && top > TITLE_BAR_HIDE_AFTER_PX) return false
  return wasVisible
}
