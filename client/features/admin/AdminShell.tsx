// The admin layout: navigation, log out (LogoutButton: asks first when there is unsaved work), the
// current admin screen, logging in again when the session ends while someone works (SessionRenewal),
// and a footer with the running server's version.
import { Suspense } from 'react'
import { useQuery } from '@tanstack/react-query'
import { NavLink, Outlet } from 'react-router'
import type { CurrentUser } from '#shared/api/auth.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { usersTexts } from '#client/texts/users.ts'
import { trashTexts } from '#client/texts/trash.ts'
import { collectionsTexts } from '#client/texts/collections.ts'
import { healthQueries } from '#client/api/health.ts'
import { LoadingStatus } from '#client/components/LoadingStatus.tsx'
import { SkipToContent } from '#client/layout/PublicLayout.tsx'
import { LogoutButton } from './LogoutButton.tsx'
import { SessionRenewal } from './SessionRenewal.tsx'

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  isActive
    ? 'rounded px-2 py-1 font-medium text-stone-900 bg-stone-100'
    : 'rounded px-2 py-1 text-stone-700 hover:bg-stone-100 hover:text-stone-900'

export function AdminShell({ user }: { user: CurrentUser }) {
  return (
    <div className="flex min-h-dvh flex-col bg-stone-50">
      <SkipToContent />
      <header className="border-b border-stone-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
          <nav aria-label={adminTexts.navLabel}>
            <ul className="flex flex-wrap items-center gap-1 text-sm">
              <li>
                <NavLink to="/" end className={navLinkClass}>
                  {adminTexts.nav.home}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/books" className={navLinkClass}>
                  {adminTexts.nav.books}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/lexicon" className={navLinkClass}>
                  {adminTexts.nav.lexicon}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/images" className={navLinkClass}>
                  {adminTexts.nav.images}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/collections" className={navLinkClass}>
                  {collectionsTexts.nav}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/feedback" className={navLinkClass}>
                  {adminTexts.nav.feedback}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/audit" className={navLinkClass}>
                  {adminTexts.nav.audit}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/users" className={navLinkClass}>
                  {usersTexts.nav}
                </NavLink>
              </li>
              <li>
                <NavLink to="/admin/trash" className={navLinkClass}>
                  {trashTexts.nav}
                </NavLink>
              </li>
            </ul>
          </nav>
          <div className="flex items-center gap-3 text-sm">
            <span className="text-stone-600">{user.username}</span>
            <LogoutButton user={user} />
          </div>
        </div>
      </header>
      <SessionRenewal username={user.username} />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 outline-none">
        <Suspense fallback={<LoadingStatus />}>
          <Outlet />
        </Suspense>
      </main>
      <AdminFooter />
    </div>
  )
}

function AdminFooter() {
  const health = useQuery(healthQueries.current())
  return (
    <footer className="border-t border-stone-200">
      <p className="mx-auto max-w-6xl px-4 py-2 text-xs text-stone-600" data-testid="app-version">
        {health.data ? adminTexts.version(health.data.version) : '\u00a0'}
      </p>
    </footer>
  )
}
