// /admin/content/edit/:id: the content editor for an existing page. Main content and links section
// are rejoined with the marker; the save is based on the loaded version. With ?section={headingId}
// only that section of the page is in the editor.
import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams, useSearchParams } from 'react-router'
import { DEFAULT_ORDER } from '#shared/limits.ts'
import { fill } from '#shared/text/fill.ts'
import { findSection } from '#shared/text/page-sections.ts'
import { contentEditorTexts } from '#client/texts/content-editor.ts'
import { sectionTexts } from '#client/texts/content-sections.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { revisionTexts } from '#client/texts/revisions.ts'
import { FailureMessage, LoadingMessage } from '../ScreenMessage.tsx'
import { isNotFound, parseRouteId } from '../route-ids.ts'
import { ContentEditorForm } from './ContentEditorForm.tsx'
import { joinForEditing } from './content-editor/content-html.ts'
import { contentEditorQueries } from './content-editor/queries.ts'
import type { ChapterChoices, EditedPage } from './content-editor/queries.ts'

export function EditContentPage() {
  const id = parseRouteId(useParams().id)
  const heading = contentEditorTexts.editHeading
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageHeading title={heading}>{heading}</PageHeading>
        {/* Leaving with unsaved edits is asked about first (use-unsaved-changes.ts). */}
        {id === null ? null : (
          <Button asChild variant="secondary">
            <Link to={`/admin/content/history/${id}`}>{revisionTexts.open}</Link>
          </Button>
        )}
      </div>
      {id === null ? <FailureMessage>{contentEditorTexts.notFound}</FailureMessage> : <LoadedPage id={id} />}
    </div>
  )
}

function LoadedPage({ id }: { id: number }) {
  const page = useQuery(contentEditorQueries.page(id))
  const choices = useQuery(contentEditorQueries.chapterChoices())
  if (page.isError) {
    return (
      <FailureMessage>
        {isNotFound(page.error) ? contentEditorTexts.notFound : contentEditorTexts.fetchFailed}
      </FailureMessage>
    )
  }
  if (choices.isError) return <FailureMessage>{contentEditorTexts.fetchChaptersFailed}</FailureMessage>
  if (page.isPending || choices.isPending) return <LoadingMessage>{contentEditorTexts.loading}</LoadingMessage>
  return <PageEditor key={page.data.id} page={page.data} choices={choices.data} />
}

function PageEditor({ page, choices }: { page: EditedPage; choices: ChapterChoices }) {
  const sectionId = useSearchParams()[0].get('section') ?? ''
  const text = useMemo(() => joinForEditing(page.content, page.linksContent), [page])
  const section = useMemo(() => (sectionId ? findSection(text, sectionId) : null), [text, sectionId])
  return (
    <>
      {sectionId && !section ? (
        <FailureMessage>{fill(sectionTexts.notFound, { section: sectionId })}</FailureMessage>
      ) : null}
      <ContentEditorForm
        key={section?.heading.id ?? ''}
        contentId={page.id}
        baseVersion={page.version}
        choices={choices}
        section={section ?? undefined}
        start={{
          chapterId: page.chapterId,
          title: page.title,
          order: page.order ?? DEFAULT_ORDER,
          published: page.published,
          text,
        }}
      />
    </>
  )
}
