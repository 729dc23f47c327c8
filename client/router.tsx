// Every route of the site. The book and chapter pages and the search page are lazy (a visitor's first page does without
// them). Admin screens are lazy: their code loads only inside AdminGate,
// that is, only for a logged-in administrator. The login form is lazy too (it validates with zod,
// which a visitor's first page does without).
import { lazy, Suspense } from 'react'
import type { ComponentType } from 'react'
import { createBrowserRouter } from 'react-router'
import type { RouteObject } from 'react-router'
import { LoadingStatus } from './components/LoadingStatus.tsx'
import { RouteErrorPage } from './components/RouteErrorPage.tsx'
import { AdminGate } from './features/admin/AdminGate.tsx'
import { LexiconPage } from './features/lexicon/LexiconPage.tsx'
import { NotFoundPage } from './features/not-found/NotFoundPage.tsx'
import { ContentPage } from './features/reader/ContentPage.tsx'
import { PublicLayout } from './features/reader/PublicLayout.tsx'
import { TermPage } from './features/reader/TermPage.tsx'
import { WelcomePage } from './features/reader/WelcomePage.tsx'

/** React.lazy for a module with a named export. */
function lazyScreen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] }))
}

const BookPage = lazyScreen(() => import('./features/reader/BookPage.tsx'), 'BookPage')
const ChapterPage = lazyScreen(() => import('./features/reader/ChapterPage.tsx'), 'ChapterPage')
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

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <WelcomePage /> },
          { path: 'content/:id', element: <ContentPage /> },
          { path: 'term/:id', element: <TermPage /> },
          { path: 'lexicon', element: <LexiconPage /> },
          {
            path: 'book/:id',
            element: (
              <Suspense fallback={<LoadingStatus />}>
                <BookPage />
              </Suspense>
            ),
          },
          {
            path: 'chapter/:id',
            element: (
              <Suspense fallback={<LoadingStatus />}>
                <ChapterPage />
              </Suspense>
            ),
          },
          {
            path: 'otsing',
            element: (
              <Suspense fallback={<LoadingStatus />}>
                <SearchPage />
              </Suspense>
            ),
          },
          {
            path: 'auth',
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
        path: 'admin',
        element: <AdminGate />,
        children: [
          { index: true, element: <BooksPage /> },
          { path: 'books', element: <BooksPage /> },
          { path: 'books/:bookId/chapters', element: <ChaptersPage /> },
          { path: 'books/:bookId/chapters/new', element: <NewChapterPage /> },
          { path: 'books/:bookId/chapters/:chapterId/edit', element: <EditChapterPage /> },
          { path: 'books/:bookId/chapters/:chapterId/content', element: <ChapterPagesPage /> },
          { path: 'content/new', element: <NewContentPage /> },
          { path: 'content/edit/:id', element: <EditContentPage /> },
          { path: 'content/history/:id', element: <RevisionHistoryPage /> },
          { path: 'lexicon', element: <AdminLexiconPage /> },
          { path: 'terms/new', element: <NewTermPage /> },
          { path: 'terms/edit/:id', element: <EditTermPage /> },
          { path: 'feedback', element: <FeedbackPage /> },
          { path: 'audit', element: <AuditPage /> },
          { path: 'images', element: <ImagesPage /> },
          { path: 'users', element: <UsersPage /> },
        ],
      },
    ],
  },
]

export function createRouter() {
  return createBrowserRouter(routes)
}
