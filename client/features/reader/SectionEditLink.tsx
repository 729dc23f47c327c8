// "Muuda seda jaotist" for a logged-in administrator: one link for the whole body, beside the heading
// under the pointer, or, reached with Tab, beside the heading of the section being read. It opens the
// content editor on that section. Made only in the browser once the user is known to be logged in,
// so visitors and the server's HTML never have it; placed absolutely, so nothing moves.
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { RefObject } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { fill } from '#shared/text/fill.ts'
import { sectionEditTexts } from '#client/texts/reader.ts'
import { userQueries } from '#client/api/auth.ts'
import { useScrollRoot } from '#client/layout/scroll-root.ts'

/** A heading the reader shows as a block of its own: the start of a section. */
const HEADING_SELECTOR = '.reader-chunk > :is(h1, h2, h3, h4, h5, h6)[id]'

interface SectionEditLinkProps {
  body: RefObject<HTMLElement | null>
  contentId: number
}

export function SectionEditLink(props: SectionEditLinkProps) {
  const user = useQuery(userQueries.current())
  return user.data ? <EditLink {...props} /> : null
}

function headingOf(node: EventTarget | null, body: HTMLElement): HTMLElement | null {
  if (!(node instanceof Element)) return null
  const heading = node.closest<HTMLElement>(HEADING_SELECTOR)
  return heading && body.contains(heading) ? heading : null
}

function EditLink({ body, contentId }: SectionEditLinkProps) {
  const [heading, setHeading] = useState<HTMLElement | null>(null)
  const [pointerOn, setPointerOn] = useState(false)
  const link = useRef<HTMLAnchorElement>(null)
  const scrollRoot = useScrollRoot()

  useEffect(() => {
    const element = body.current
    if (!element) return
    const onPointer = (event: MouseEvent) => {
      if (event.target instanceof Node && link.current?.contains(event.target)) return
      const hovered = headingOf(event.target, element)
      if (hovered) setHeading(hovered)
      setPointerOn(hovered !== null)
    }
    const onLeave = () => setPointerOn(false)
    element.addEventListener('mouseover', onPointer)
    element.addEventListener('mouseleave', onLeave)
    return () => {
      element.removeEventListener('mouseover', onPointer)
      element.removeEventListener('mouseleave', onLeave)
    }
  }, [body])

  /** Tab reached the link: it goes beside the heading of the section at the top of the reading area. */
  const onFocus = () => {
    const element = body.current
    if (!element || !link.current?.matches(':focus-visible')) return
    const headings = [...element.querySelectorAll<HTMLElement>(HEADING_SELECTOR)]
    const root = scrollRoot.current
    const titleBar = root?.querySelector<HTMLElement>('.reader-title-bar')
    const readingTop = (root?.getBoundingClientRect().top ?? 0) + (titleBar?.offsetHeight ?? 0) + 8
    const above = headings.filter((candidate) => candidate.getBoundingClientRect().top <= readingTop).at(-1)
    const reading = above ?? headings[0] ?? null
    if (reading && reading !== heading) setHeading(reading)
  }

  useLayoutEffect(() => {
    const element = body.current
    const anchor = link.current
    if (!element || !anchor || !heading?.isConnected) return
    const place = () => {
      anchor.style.top = `${heading.getBoundingClientRect().top - element.getBoundingClientRect().top}px`
    }
    place()
    const observer = new ResizeObserver(place)
    observer.observe(element)
    return () => observer.disconnect()
  }, [heading, body])

  const text = heading?.textContent?.replace(/\s+/g, ' ').trim() ?? ''
  const name = heading ? fill(sectionEditTexts.editSectionNamed, { heading: text }) : sectionEditTexts.editSection
  const target = heading ? `?section=${encodeURIComponent(heading.id)}` : ''
  return (
    <Link
      ref={link}
      to={`/admin/content/edit/${contentId}${target}`}
      className="section-edit-link"
      data-shown={pointerOn && heading?.isConnected ? 'true' : undefined}
      aria-label={name}
      title={name}
      onFocus={onFocus}
    >
      <span aria-hidden="true">✎</span>
    </Link>
  )
}
