// Books, chapters and pages show in each other's screens: a book's chapters, a chapter's pages, the
// reader's tree with its page counts, a deleted book taking its chapters and pages along. So any
// change to one of them refreshes every query of all three; their keys start with these roots.
import type { QueryClient } from '@tanstack/react-query'

export const libraryRoots = {
  books: ['books'],
  chapters: ['chapters'],
  content: ['content'],
} as const

/** After a book, chapter or page changed: every library query is stale (active ones refetch). */
export async function refreshLibrary(queryClient: QueryClient): Promise<void> {
  await Promise.all(Object.values(libraryRoots).map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}
