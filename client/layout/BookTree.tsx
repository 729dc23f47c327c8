// The side panel's tree: book > chapter > page. A chapter's pages are fetched when it opens (and
// kept 5 minutes); the book and chapter of the page being read start open, and that page is marked
// and scrolled into view. An open book or chapter links its own page first (/book/:id,
// /chapter/:id); chapters without published pages are not shown to visitors.
import { useEffect, useRef, useState } from 'react'
import type { ReactNode } from 'react'
import * as Collapsible from '@radix-ui/react-collapsible'
import { useQuery } from '@tanstack/react-query'
import { clsx } from 'clsx'
import { Link, NavLink } from 'react-router'
import type { BookWithChapters, ChapterSummary } from '#shared/api/books.ts'
import { bookTexts, sidePanelTexts } from '#client/texts/reader.ts'
import { readerQueries } from '#client/api/reader.ts'
import { LoadingStatus } from '#client/components/LoadingStatus.tsx'

interface Current {
  contentId: number | null
  chapterId: number | null
  bookId: number | null
}

export function BookTree({ contentId, onNavigate }: { contentId: number | null; onNavigate?: () => void }) {
  const books = useQuery(readerQueries.books())
  // Only watches the page the reader has fetched: the tree never asks for a page's (big) answer.
  const page = useQuery({ ...readerQueries.summary(contentId ?? 0), enabled: false })
  const current: Current = {
    contentId,
    chapterId: contentId !== null ? (page.data?.chapterId ?? null) : null,
    bookId: contentId !== null ? (page.data?.chapter.bookId ?? null) : null,
  }
  // What the reader opened or closed; everything else follows the page being read.
  const [toggled, setToggled] = useState<Record<string, boolean>>({})
  const isOpen = (key: string, isCurrent: boolean) => toggled[key] ?? isCurrent
  const setOpen = (key: string) => (open: boolean) => setToggled((before) => ({ ...before, [key]: open }))

  if (books.isPending) return <LoadingStatus />
  if (books.isError) {
    return (
      <p role="alert" className="p-2 text-sm text-red-800">
        {sidePanelTexts.loadFailed}
      </p>
    )
  }
  if (books.data.length === 0) return <p className="p-2 text-sm text-stone-600">{sidePanelTexts.empty}</p>
  return (
    <ul className="grid gap-1">
      {books.data.map((book) => (
        <BookNode
          key={book.id}
          book={book}
          current={current}
          isOpen={isOpen}
          setOpen={setOpen}
          onNavigate={onNavigate}
        />
      ))}
    </ul>
  )
}

interface NodeProps {
  current: Current
  isOpen: (key: string, isCurrent: boolean) => boolean
  setOpen: (key: string) => (open: boolean) => void
  onNavigate: (() => void) | undefined
}

const triggerClass = 'group flex w-full items-start gap-1.5 rounded px-1.5 py-1 text-left text-sm hover:bg-stone-200/70'

function Chevron() {
  return (
    <span
      aria-hidden="true"
      className="mt-0.5 inline-block w-3 shrink-0 text-xs transition-transform group-data-[state=open]:rotate-90"
    >
      ▸
    </span>
  )
}

function BookNode({ book, ...props }: NodeProps & { book: BookWithChapters }) {
  const key = `book-${book.id}`
  const open = props.isOpen(key, props.current.bookId === book.id)
  return (
    <li>
      <Collapsible.Root open={open} onOpenChange={props.setOpen(key)}>
        <Collapsible.Trigger className={clsx(triggerClass, 'font-semibold text-stone-900')}>
          <Chevron />
          <span>{book.title}</span>
        </Collapsible.Trigger>
        <Collapsible.Content>
          <ul className="ml-3 grid gap-0.5 border-l border-stone-200 pl-2">
            <li>
              <AboutLink to={`/book/${book.id}`} onNavigate={props.onNavigate}>
                {bookTexts.aboutBook}
              </AboutLink>
            </li>
            {/* A chapter without published pages has nothing to read (for visitors, contentCount counts published ones). */}
            {book.chapters
              .filter((chapter) => chapter.contentCount > 0)
              .map((chapter) => (
                <ChapterNode key={chapter.id} chapter={chapter} {...props} />
              ))}
          </ul>
        </Collapsible.Content>
      </Collapsible.Root>
    </li>
  )
}

function ChapterNode({ chapter, ...props }: NodeProps & { chapter: ChapterSummary }) {
  const key = `chapter-${chapter.id}`
  const open = props.isOpen(key, props.current.chapterId === chapter.id)
  return (
    <li>
      <Collapsible.Root open={open} onOpenChange={props.setOpen(key)}>
        <Collapsible.Trigger className={clsx(triggerClass, 'text-stone-800')}>
          <Chevron />
          <span>{chapter.title}</span>
        </Collapsible.Trigger>
        <Collapsible.Content>
          <ChapterPages chapterId={chapter.id} current={props.current} onNavigate={props.onNavigate}>
            <AboutLink to={`/chapter/${chapter.id}`} onNavigate={props.onNavigate}>
              {bookTexts.aboutChapter}
            </AboutLink>
          </ChapterPages>
        </Collapsible.Content>
      </Collapsible.Root>
    </li>
  )
}

function ChapterPages({
  chapterId,
  current,
  onNavigate,
  children,
}: { chapterId: number; children: ReactNode } & Omit<NodeProps, 'isOpen' | 'setOpen'>) {
  const pages = useQuery(readerQueries.chapterPages(chapterId))
  if (pages.isPending) return <LoadingStatus />
  if (pages.isError) {
    return (
      <p role="alert" className="px-2 text-sm text-red-800">
        {sidePanelTexts.loadFailed}
      </p>
    )
  }
  return (
    <ul className="ml-3 grid gap-0.5 border-l border-stone-200 pl-2">
      <li>{children}</li>
      {pages.data.map((page) => (
        <li key={page.id}>
          <PageLink id={page.id} title={page.title} isCurrent={current.contentId === page.id} onNavigate={onNavigate} />
        </li>
      ))}
    </ul>
  )
}

/** The link to a book's or chapter's own page, above its chapters or pages. */
function AboutLink({
  to,
  onNavigate,
  children,
}: {
  to: string
  onNavigate: (() => void) | undefined
  children: ReactNode
}) {
  return (
    <NavLink
      to={to}
      end
      onClick={onNavigate}
      className={({ isActive }) =>
        clsx(
          'block rounded px-1.5 py-1 text-sm italic',
          isActive ? 'bg-amber-100 text-stone-900' : 'text-stone-600 hover:bg-stone-200/70 hover:text-stone-900',
        )
      }
    >
      {children}
    </NavLink>
  )
}

function PageLink({
  id,
  title,
  isCurrent,
  onNavigate,
}: {
  id: number
  title: string
  isCurrent: boolean
  onNavigate: (() => void) | undefined
}) {
  const ref = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    if (isCurrent) ref.current?.scrollIntoView({ block: 'nearest' })
  }, [isCurrent])
  return (
    <Link
      ref={ref}
      to={`/content/${id}`}
      aria-current={isCurrent ? 'page' : undefined}
      onClick={onNavigate}
      className={clsx(
        'block rounded px-1.5 py-1 text-sm',
        isCurrent
          ? 'bg-amber-100 font-medium text-stone-900'
          : 'text-stone-700 hover:bg-stone-200/70 hover:text-stone-900',
      )}
    >
      {title}
    </Link>
  )
}
