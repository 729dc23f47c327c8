// The reader's table of contents: a modal popover by the title bar's button (TitleBar.tsx), in
// its own chunk.
import { useId, useMemo } from 'react'
import type { RefObject } from 'react'
import { useQuery } from '@tanstack/react-query'
import { tocHeadings } from '#shared/text/toc-filter.ts'
import { siteTexts } from '#client/texts/common.ts'
import { readerTexts } from '#client/texts/reader.ts'
import { readerQueries } from '#client/api/reader.ts'
import { Popover, PopoverAnchor, PopoverContent } from '#client/components/ui/Popover.tsx'

export interface TocPopoverProps {
  contentId: number | null
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The title bar's button: the popover is placed by it, and focus returns to it on closing. */
  anchor: RefObject<HTMLButtonElement | null>
  onJump: (id: string) => void
}

/** The table of contents: the page's headings are asked for when it is first opened. */
export function TocPopover({ contentId, open, onOpenChange: setOpen, anchor, onJump }: TocPopoverProps) {
  const toc = useQuery({ ...readerQueries.toc(contentId ?? 0), enabled: open && contentId !== null })
  const headings = useMemo(() => tocHeadings(toc.data ?? []), [toc.data])
  const titleId = useId()
  return (
    <Popover open={open} onOpenChange={setOpen} modal>
      <PopoverAnchor virtualRef={anchor} />
      <PopoverContent
        aria-labelledby={titleId}
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          anchor.current?.focus()
        }}
      >
        <h2 id={titleId} className="mb-2 pr-8 font-serif text-lg font-semibold">
          {readerTexts.toc}
        </h2>
        {toc.isPending ? (
          <p role="status" className="text-sm text-stone-600">
            {siteTexts.loading}
          </p>
        ) : toc.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {readerTexts.tocFailed}
          </p>
        ) : headings.length === 0 ? (
          <p className="text-sm text-stone-600">{readerTexts.tocEmpty}</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {headings.map((heading) => (
              <li key={heading.id} style={{ paddingLeft: `${Math.max(0, heading.level - 1) * 0.75}rem` }}>
                <a
                  href={`#${heading.id}`}
                  className="block rounded px-1 py-0.5 text-stone-800 hover:bg-stone-100 hover:underline"
                  onClick={(event) => {
                    event.preventDefault()
                    setOpen(false)
                    onJump(heading.id)
                  }}
                >
                  {heading.text}
                </a>
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  )
}
