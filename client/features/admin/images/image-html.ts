// What the image library copies and shows: a picture's <img> for a page's HTML view, and sizes in
// words a person reads.

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** The markup the editor would insert for this picture (its own address, alt text and size). */
export function imageHtml(image: { url: string; alt: string; width: number; height: number }): string {
  return `<img src="${escapeAttribute(image.url)}" alt="${escapeAttribute(image.alt)}" width="${image.width}" height="${image.height}">`
}

const kilobytes = new Intl.NumberFormat('et-EE', { maximumFractionDigits: 0 })
const megabytes = new Intl.NumberFormat('et-EE', { maximumFractionDigits: 1 })

export function readableSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${kilobytes.format(Math.max(1, bytes / 1024))} KB`
  return `${megabytes.format(bytes / 1024 / 1024)} MB`
}
