// After a 409 on a section save: the page as saved now, with the edited section put in where the
// same section still stands unchanged (shared/text/page-sections.ts refuses anywhere else). The
// newest page is fetched beside the editor's query, not into it: the open editor must not change
// under the person typing.
import { rebaseSection } from '#shared/text/page-sections.ts'
import type { PageSection, RebaseOutcome } from '#shared/text/page-sections.ts'
import { getJson } from '#client/api/http.ts'
import { joinForEditing } from './content-html.ts'
import { EditedPage } from './queries.ts'

export type SectionRebase = RebaseOutcome & { version: number }

export async function rebaseOnNewest(
  pageId: number,
  section: Pick<PageSection, 'heading' | 'html'>,
  editedHtml: string,
): Promise<SectionRebase> {
  const newest = EditedPage.parse(await getJson<unknown>(`/api/content/${pageId}`))
  const outcome = rebaseSection(joinForEditing(newest.content, newest.linksContent), section, editedHtml)
  return { ...outcome, version: newest.version }
}
