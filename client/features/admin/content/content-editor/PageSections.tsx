// The page's sections under the HTML view: each top-level heading with "Muuda seda jaotist", which
// opens that section alone in the rich-text view (/admin/content/edit/{id}?section={headingId}).
// Finding the headings of a 9 MB page takes a moment: it is done when the list is opened.
import { useId, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { fill } from '#shared/text/fill.ts'
import { pageHeadings } from '#shared/text/page-sections.ts'
import { sectionTexts } from '#client/texts/content-sections.ts'

interface PageSectionsProps {
  pageId: number
  /** The text the page was opened with: sections are cut from the saved page. */
  savedText: string
}

export function PageSections({ pageId, savedText }: PageSectionsProps) {
  const [open, setOpen] = useState(false)
  const listId = useId()
  return (
    <section className="grid gap-2 rounded-md border border-stone-300 bg-stone-50 px-3 py-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-stone-800">{sectionTexts.tocHeading}</h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
          className="min-h-9 rounded-md border border-stone-300 bg-white px-3 text-sm text-stone-800 hover:bg-stone-100"
        >
          {open ? sectionTexts.tocHide : sectionTexts.tocShow}
        </button>
      </div>
      <p className="text-sm text-stone-600">{sectionTexts.tocHint}</p>
      <div id={listId} hidden={!open}>
        {open ? <SectionList pageId={pageId} savedText={savedText} /> : null}
      </div>
    </section>
  )
}

function SectionList({ pageId, savedText }: PageSectionsProps) {
  const headings = useMemo(() => pageHeadings(savedText).filter((heading) => heading.id !== ''), [savedText])
  return (
    // a list that scrolls by itself is a tab stop, so it can be scrolled with the keyboard too
    <ol aria-label={sectionTexts.tocHeading} tabIndex={0} className="grid max-h-96 gap-1 overflow-auto py-1 text-sm">
      {headings.map((heading) => (
        <li
          key={heading.id}
          className="flex items-baseline justify-between gap-3 rounded px-1 hover:bg-white"
          style={{ paddingLeft: `${(heading.level - 1) * 1}rem` }}
        >
          <span className="min-w-0 truncate text-stone-800">{heading.text || heading.id}</span>
          <Link
            to={`/admin/content/edit/${pageId}?section=${encodeURIComponent(heading.id)}`}
            aria-label={fill(sectionTexts.editSectionNamed, { heading: heading.text || heading.id })}
            className="shrink-0 rounded px-1 text-amber-800 underline underline-offset-2 hover:text-amber-950"
          >
            {sectionTexts.editSection}
          </Link>
        </li>
      ))}
    </ol>
  )
}
