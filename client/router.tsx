// Every route of the site, by the paths in shared/app-routes.ts (the server answers 404 to any other). The book and chapter pages and the search page are lazy (a visitor's first page does without
// them). Admin screens are lazy: their code loads only inside AdminGate,
// that is, only for a logged-in administrator. The login form is lazy too (it validates with zod,
// which a visitor's first page does without).
import { lazy, Suspense } from 'react'
import type { ComponentType } from 'react'
import { createBrowserRouter } from 'react-router'
import type { RouteObject } from 'react-router'
import { LoadingStatus } from './components/LoadingStatus.tsx'
import { ADMIN_ROUTES as ADMIN, PUBLIC_ROUTES as PUBLIC } from '#shared/app-routes.ts'
import { RouteErrorPage } from './components/RouteErrorPage.tsx'
import { AdminGate } from './features/admin/AdminGate.tsx'
import { LexiconPage } from './features/lexicon/LexiconPage.tsx'
import { NotFoundPage } from './features/not-found/NotFoundPage.tsx'
import { ContentPage, loadBookPage, loadChapterPage, TermPage, WelcomePage } from './features/reader/index.ts'
import { PublicLayout } from './layout/PublicLayout.tsx'

/** React.lazy for a module with a named export. */
function lazyScreen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }))
}

const BookPage = lazyScreen(loadBookPage, 'BookPage')
const ChapterPage = lazyScreen(loadChapterPage, 'ChapterPage')
const SearchPage = lazyScreen(() => import('./features/search/SearchPage.tsx'), 'SearchPage')
const LoginPage = lazyScreen(() => import('./features/auth/LoginPage.tsx'), 'LoginPage')
const BooksPage = lazyScreen(() => import('./features/admin/books/BooksPage.tsx'), 'BooksPage')
const ChaptersPage = lazyScreen(() => import('./features/admin/chapters/ChaptersPage.tsx'), 'ChaptersPage')
const NewChapterPage = lazyScreen(() => import('./features/admin/chapters/NewChapterPage.tsx'), 'NewChapterPage')
const EditChapterPage = lazyScreen(() => import('./features/admin/chapters/EditChapterPage.tsx'), 'EditChapterPage')
const ChapterPagesPage = lazyScreen(() => import('./features/admin/content/ChapterPagesPage.tsx'), 'ChapterPagesPage')
const NewContentPage = lazyScreen(() => import('./features/admin/content/NewContentPage.tsx'), 'NewContentPage')
const EditContentPage = lazyScreen(() => import('./features/admin/content/EditContentPage.tsx'), 'EditContentPage')
const AdminLexiconPage = lazyScreen(() => import('./features/admin/terms/AdminLexiconPage.tsx'), 'AdminLexiconPage')
const NewTermPage = lazyScreen(() => import('./features/admin/terms/NewTermPage.tsx'), 'NewTermPage')
const EditTermPage = lazyScreen(() => import('./features/admin/terms/EditTermPage.tsx'), 'EditTermPage')
const FeedbackPage = lazyScreen(() => import('./features/admin/feedback/FeedbackPage.tsx'), 'FeedbackPage')
const RevisionHistoryPage = lazyScreen(
  () => import('./features/admin/revisions/RevisionHistoryPage.tsx'),
  'RevisionHistoryPage',
)
const AuditPage = lazyScreen(() => import('./features/admin/audit/AuditPage.tsx'), 'AuditPage')
const ImagesPage = lazyScreen(() => import('./features/admin/images/ImagesPage.tsx'), 'ImagesPage')
const UsersPage = lazyScreen(() => import('./features/admin/users/UsersPage.tsx'), 'UsersPage')
const CollectionsPage = lazyScreen(() => import('./features/admin/collections/CollectionsPage.tsx'), 'CollectionsPage')
const TrashScreen = lazyScreen(() => import('./features/admin/trash/TrashScreen.tsx'), 'TrashScreen')

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <WelcomePage /> },
          { path: PUBLIC.content, element: <ContentPage /> },
          { path: PUBLIC.term, element: <TermPage /> },
          { path: PUBLIC.lexicon, element: <LexiconPage /> },
          {
            path: PUBLIC.book,
            element: (
              <Suspense fallback={<LoadingStatus />}>
                <BookPage />
              </Suspense>
            ),
          },
          {
            path: PUBLIC.chapter,
            element: (
              <Suspense fallback={<LoadingStatus />}>
                <ChapterPage />
              </Suspense>
            ),
          },
          {
            path: PUBLIC.search,
            element: (
              <Suspense fallback={<LoadingStatus />}>
                <SearchPage />
              </Suspense>
            ),
          },
          {
            path: PUBLIC.login,
            element: (
              <Suspense fallback={<LoadingStatus />}>
                <LoginPage />
              </Suspense>
            ),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: ADMIN.home,
        element: <AdminGate />,
        children: [
          { index: true, element: <BooksPage /> },
          { path: ADMIN.books, element: <BooksPage /> },
          { path: ADMIN.chapters, element: <ChaptersPage /> },
          { path: ADMIN.newChapter, element: <NewChapterPage /> },
          { path: ADMIN.editChapter, element: <EditChapterPage /> },
          { path: ADMIN.chapterPages, element: <ChapterPagesPage /> },
          { path: ADMIN.newContent, element: <NewContentPage /> },
          { path: ADMIN.editContent, element: <EditContentPage /> },
          { path: ADMIN.contentHistory, element: <RevisionHistoryPage /> },
          { path: ADMIN.lexicon, element: <AdminLexiconPage /> },
          { path: ADMIN.newTerm, element: <NewTermPage /> },
          { path: ADMIN.editTerm, element: <EditTermPage /> },
          { path: ADMIN.feedback, element: <FeedbackPage /> },
          { path: ADMIN.audit, element: <AuditPage /> },
          { path: ADMIN.images, element: <ImagesPage /> },
          { path: ADMIN.users, element: <UsersPage /> },
          { path: ADMIN.trash, element: <TrashScreen /> },
          { path: ADMIN.collections, element: <CollectionsPage /> },
        ],
      },
    ],
  },
]

export function createRouter() {
  return createBrowserRouter(routes)
}
