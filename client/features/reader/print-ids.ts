// A chapter printed whole holds several pages in one document, and their ids repeat: every page has
// its `_ftn1`. Each page's ids get a prefix of their own, and so do the links to them inside the
// page, so a note's link leads to that page's note and the contents to that page's heading.

/** The page's markup with every id and every in-page link (`href="#x"`) given `prefix`. */
export function prefixIds(html: string, prefix: string): string {
  const template = document.createElement('template')
  template.innerHTML = html
  for (const element of template.content.querySelectorAll('[id]')) element.id = prefix + element.id
  for (const link of template.content.querySelectorAll<HTMLAnchorElement>('a[href^="#"]')) {
    const target = link.getAttribute('href')!.slice(1)
    if (target) link.setAttribute('href', `#${prefix}${target}`)
  }
  return template.innerHTML
}
