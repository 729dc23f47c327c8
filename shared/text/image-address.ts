// The site's own picture addresses (/api/images/{id}?v={hash}) and what a page's HTML points at
// outside them: pure text rules shared by the HTML pipeline, the image library and the editor.

/** `/api/images/12?v=0123456789abcdef`: the id and the version (16 hex digits of the picture's hash). */
export const OWN_IMAGE_ADDRESS = /^\/api\/images\/([1-9][0-9]{0,9})\?v=([0-9a-f]{16})$/

export function imagePath(id: number, version: string): string {
  return `/api/images/${id}?v=${version}`
}

/** The id an own picture address names, or null for any other address. */
export function ownImageId(src: string): number | null {
  const match = OWN_IMAGE_ADDRESS.exec(src.trim())
  return match ? Number(match[1]) : null
}

const IMG_SRC = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi
const DATA_IMAGE = /^data:image\/(?:png|jpeg|gif|webp);base64,/i

const sourcesOf = (html: string) =>
  [...html.matchAll(IMG_SRC)].map((match) => decodeBasicEntities((match[1] ?? match[2] ?? match[3] ?? '').trim()))

/** The ids of the site's own pictures that `html` shows. */
export function ownImageIds(html: string): Set<number> {
  const ids = new Set<number>()
  for (const src of sourcesOf(html)) {
    const id = ownImageId(src)
    if (id !== null) ids.add(id)
  }
  return ids
}

/**
 * The `src` of every picture in `html` that the site will not show: anything but its own picture
 * addresses and inline data pictures (the Content-Security-Policy allows only those). Each once,
 * in the order they first appear; entities such as `&amp;` are decoded.
 */
export function outsideImageSources(html: string): string[] {
  const found = new Set<string>()
  for (const src of sourcesOf(html)) {
    if (src === '' || ownImageId(src) !== null || DATA_IMAGE.test(src)) continue
    found.add(src)
  }
  return [...found]
}

function decodeBasicEntities(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&')
}
