// /admin/feedback: the feedback inbox, newest first, 20 a page; each item can be marked handled.
// Feedback sent from a reader page names the page (its title when sent), quotes the passage the
// reader had selected, and links to the reader at that block; a page deleted since says so.
import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import type { Feedback } from '#shared/api/feedback.ts'
import { fill } from '#shared/text/fill.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { siteTexts, toastTexts } from '#client/texts/common.ts'
import { feedbackQueries, useSetFeedbackHandled } from '#client/api/feedback.ts'
import { failureText } from '#client/api/http.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { PageNavigation } from '../PageNavigation.tsx'
import { FailureMessage, LoadingMessage } from '../ScreenMessage.tsx'

const dateFormat = new Intl.DateTimeFormat('et-EE', { dateStyle: 'medium', timeStyle: 'short' })

export function FeedbackPage() {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1)
  const inbox = useQuery(feedbackQueries.adminPage(page))
  return (
    <div className="grid gap-6">
      <PageHeading title={adminTexts.feedback.heading}>{adminTexts.feedback.heading}</PageHeading>
      {inbox.isPending ? <LoadingMessage>{siteTexts.loading}</LoadingMessage> : null}
      {inbox.isError ? <FailureMessage>{adminTexts.feedback.fetchFailed}</FailureMessage> : null}
      {inbox.data ? (
        <>
          {inbox.data.data.length === 0 ? <p className="text-stone-600">{adminTexts.feedback.empty}</p> : null}
          <ul className="grid gap-3">
            {inbox.data.data.map((item) => (
              <FeedbackItem key={item.id} item={item} />
            ))}
          </ul>
          <PageNavigation
            pagination={inbox.data.pagination}
            onPageChange={(next) => setParams({ page: String(next) })}
          />
        </>
      ) : null}
    </div>
  )
}

function FeedbackItem({ item }: { item: Feedback }) {
  const t = adminTexts.feedback
  const sender = item.name?.trim() || t.anonymous
  return (
    <li>
      <article
        aria-label={`${sender}, ${dateFormat.format(new Date(item.createdAt))}`}
        className={
          item.handled
            ? 'grid gap-2 rounded-lg border border-stone-200 bg-stone-100 p-4 text-stone-700'
            : 'grid gap-2 rounded-lg border border-stone-300 bg-white p-4 shadow-sm'
        }
      >
        <header className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <h2 className="font-medium text-stone-900">{sender}</h2>
            {item.email ? (
              <a href={`mailto:${item.email}`} className="text-sm break-all underline underline-offset-4">
                {item.email}
              </a>
            ) : (
              <span className="text-sm text-stone-500">{t.noEmail}</span>
            )}
          </div>
          <div className="flex items-center gap-2 text-sm text-stone-600">
            <time dateTime={item.createdAt}>{dateFormat.format(new Date(item.createdAt))}</time>
            <span
              className={
                item.handled
                  ? 'rounded-full bg-stone-200 px-2 py-0.5 text-xs font-medium text-stone-700'
                  : 'rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900'
              }
            >
              {item.handled ? t.handled : t.unhandled}
            </span>
          </div>
        </header>
        <FeedbackPlace item={item} />
        {/* Plain text, never HTML: the visitor's words exactly as sent. */}
        <p className="whitespace-pre-wrap break-words">{item.feedback}</p>
        <div>
          <HandledButton item={item} />
        </div>
      </article>
    </li>
  )
}

/** Where the feedback was sent from: the page (a link to the reader at the block) and the passage. */
function FeedbackPlace({ item }: { item: Feedback }) {
  const t = adminTexts.feedback
  if (item.contentId === null && item.pageTitle === null && item.passage === null) return null
  const title = item.pageTitle ?? (item.contentId === null ? null : fill(t.pageNumber, { id: item.contentId }))
  const address =
    item.contentId === null
      ? null
      : `/content/${item.contentId}${item.blockId ? `#${encodeURIComponent(item.blockId)}` : ''}`
  return (
    <div className="grid gap-1 text-sm">
      {title !== null || item.contentId !== null ? (
        <p className="text-stone-700">
          {t.page}{' '}
          {address ? (
            <Link to={address} className="font-medium underline underline-offset-4">
              {title}
            </Link>
          ) : (
            <>
              <span className="font-medium">{title}</span> <span className="text-stone-600">({t.pageDeleted})</span>
            </>
          )}
        </p>
      ) : null}
      {item.passage ? (
        <figure>
          <figcaption className="sr-only">{t.passage}</figcaption>
          {/* plain text, like the feedback */}
          <blockquote className="border-l-4 border-stone-300 pl-3 break-words whitespace-pre-wrap text-stone-700 italic">
            {item.passage}
          </blockquote>
        </figure>
      ) : null}
    </div>
  )
}

function HandledButton({ item }: { item: Feedback }) {
  const setHandled = useSetFeedbackHandled()
  const t = adminTexts.feedback
  return (
    <Button
      variant="secondary"
      disabled={setHandled.isPending}
      aria-busy={setHandled.isPending}
      onClick={() =>
        setHandled.mutate(
          { id: item.id, handled: !item.handled },
          {
            onError: (failure) =>
              toast({
                variant: 'destructive',
                title: toastTexts.error,
                description: failureText(failure) || t.updateFailed,
              }),
          },
        )
      }
    >
      {item.handled ? t.markUnhandled : t.markHandled}
    </Button>
  )
}
