// The EPUB's own files around the pages: container.xml, the package document (content.opf), the
// navigation document (nav.xhtml), the title page, the style sheet and each XHTML file's frame.
import { escapeXml } from './xhtml.ts'

export const MIMETYPE = 'application/epub+zip'

export const CONTAINER_XML = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="EPUB/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`

export const STYLE_CSS = `body { font-family: serif; line-height: 1.5; }
h1.page-title { margin-top: 0; }
.title-page { text-align: center; margin-top: 20%; }
a[epub|type~="noteref"] { vertical-align: super; font-size: 0.8em; }
table { border-collapse: collapse; }
td, th { border: 1px solid #999; padding: 0.2em 0.4em; }
`

export function xhtmlDocument(title: string, body: string, bodyType?: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="et" xml:lang="et">
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(title)}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body${bodyType ? ` epub:type="${bodyType}"` : ''}>
${body}
</body>
</html>
`
}

export function titlePage(title: string, lines: readonly string[]): string {
  const more = lines.map((line) => `<p>${escapeXml(line)}</p>`).join('\n')
  return xhtmlDocument(
    title,
    `<section class="title-page" epub:type="titlepage">\n<h1>${escapeXml(title)}</h1>\n${more}\n</section>`,
    'frontmatter',
  )
}

export interface NavEntry {
  label: string
  href: string
  children: NavEntry[]
}

/** Headings (in page order, any levels) as a tree: each one under the last heading of a lower level. */
export function headingTree(headings: ReadonlyArray<{ label: string; href: string; level: number }>): NavEntry[] {
  const root: NavEntry[] = []
  const open: Array<{ level: number; entry: NavEntry }> = []
  for (const { label, href, level } of headings) {
    while (open.length > 0 && open[open.length - 1]!.level >= level) open.pop()
    const entry: NavEntry = { label, href, children: [] }
    ;(open.length > 0 ? open[open.length - 1]!.entry.children : root).push(entry)
    open.push({ level, entry })
  }
  return root
}

function navList(entries: readonly NavEntry[], depth: number): string {
  const indent = '  '.repeat(depth)
  const items = entries.map((entry) => {
    const link = `<a href="${escapeXml(entry.href)}">${escapeXml(entry.label.trim() || '…')}</a>`
    const children = entry.children.length > 0 ? `\n${navList(entry.children, depth + 1)}\n${indent}` : ''
    return `${indent}<li>${link}${children}</li>`
  })
  return `${indent}<ol>\n${items.join('\n')}\n${indent}</ol>`
}

export function navDocument(title: string, tocTitle: string, entries: readonly NavEntry[]): string {
  return xhtmlDocument(
    title,
    `<nav epub:type="toc" id="toc" role="doc-toc">\n<h1>${escapeXml(tocTitle)}</h1>\n${navList(entries, 0)}\n</nav>`,
  )
}

export interface ManifestItem {
  id: string
  href: string
  mediaType: string
  properties?: string
  /** In the reading order (spine). */
  spine: boolean
}

export function packageDocument(
  meta: { identifier: string; title: string; modified: Date },
  items: readonly ManifestItem[],
): string {
  const modified = meta.modified.toISOString().replace(/\.\d{3}Z$/, 'Z')
  const manifest = items
    .map(
      (item) =>
        `    <item id="${item.id}" href="${escapeXml(item.href)}" media-type="${item.mediaType}"${item.properties ? ` properties="${item.properties}"` : ''}/>`,
    )
    .join('\n')
  const spine = items
    .filter((item) => item.spine)
    .map((item) => `    <itemref idref="${item.id}"/>`)
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="et">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="uid">${escapeXml(meta.identifier)}</dc:identifier>
    <dc:title>${escapeXml(meta.title)}</dc:title>
    <dc:language>et</dc:language>
    <meta property="dcterms:modified">${modified}</meta>
  </metadata>
  <manifest>
${manifest}
  </manifest>
  <spine>
${spine}
  </spine>
</package>
`
}
