// /admin/content/new[?chapterId=]: the content editor for a new page; the chapter comes preselected
// from the pages list's 'Add Content'; with &import=word (the list's "Impordi Wordi fail") the Word
// import's dialog opens at once.
import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { siteTexts } from '#client/texts/common.ts'
import { contentEditorTexts } from '#client/texts/content-editor.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { FailureMessage, LoadingMessage } from '../ScreenMessage.tsx'
import { parseRouteId } from '../route-ids.ts'
import { ContentEditorForm } from './ContentEditorForm.tsx'
import { contentEditorQueries } from './content-editor/queries.ts'

export function NewContentPage() {
  const [searchParams] = useSearchParams()
  const chapterId = parseRouteId(searchParams.get('chapterId') ?? undefined)
  const openImport = searchParams.get('import') === 'word'
  const choices = useQuery(contentEditorQueries.chapterChoices())
  const heading = contentEditorTexts.newHeading
  return (
    <div className="grid gap-6">
      <PageHeading title={heading}>{heading}</PageHeading>
      {choices.isPending ? <LoadingMessage>{siteTexts.loading}</LoadingMessage> : null}
      {choices.isError ? <FailureMessage>{contentEditorTexts.fetchChaptersFailed}</FailureMessage> : null}
      {choices.data ? (
        <ContentEditorForm
          contentId="new"
          choices={choices.data}
          openImport={openImport}
          start={{ chapterId, title: '', order: 0, published: false, text: '' }}
        />
      ) : null}
    </div>
  )
}
