// Above the editor when one section of a page is open: which one, and the way to the whole page.
import { Link } from 'react-router'
import { fill } from '#shared/text/fill.ts'
import { sectionTexts } from '#client/texts/content-sections.ts'

export function SectionNotice({ pageId, heading }: { pageId: number; heading: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-stone-300 bg-stone-50 px-3 py-2 text-sm text-stone-800">
      <p>{fill(sectionTexts.editing, { heading })}</p>
      <Link to={`/admin/content/edit/${pageId}`} className="text-amber-800 underline underline-offset-2">
        {sectionTexts.wholePage}
      </Link>
    </div>
  )
}
