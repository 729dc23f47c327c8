// The public header: logo, Home, the search dialog, the way into the admin area, and on phones
// the menu button.
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, NavLink } from 'react-router'
import { headerTexts, siteTexts } from '#client/texts/common.ts'
import { userQueries } from '#client/api/auth.ts'
import { SearchButton } from './SearchButton.tsx'

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  isActive
    ? 'rounded px-2 py-1 font-medium text-stone-900 underline underline-offset-4'
    : 'rounded px-2 py-1 text-stone-700 hover:text-stone-900 hover:underline underline-offset-4'

/** `menu`: the phone menu's button, shown instead of the side panel on small screens. */
export function SiteHeader({ menu = null }: { menu?: ReactNode }) {
  return (
    <header className="site-header shrink-0 border-b border-stone-200 bg-white">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
        <div className="flex items-center gap-3">
          {menu}
          <Link to="/" className="rounded font-serif text-lg font-semibold text-stone-900">
            {siteTexts.name}
          </Link>
        </div>
        <div className="flex items-center gap-2">
          <SearchButton />
          <nav aria-label={headerTexts.navLabel}>
            <ul className="flex items-center gap-2 text-sm">
              <li>
                <NavLink to="/" end className={navLinkClass}>
                  {headerTexts.home}
                </NavLink>
              </li>
              <li>
                <AdminEntryLink />
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </header>
  )
}

/** 'Halduspaneel' for a logged-in administrator, otherwise 'Logi sisse'. */
function AdminEntryLink() {
  const user = useQuery(userQueries.current())
  if (user.isPending) return <span className="inline-block w-24" aria-hidden="true" />
  if (user.data) {
    return (
      <NavLink to="/admin/books" className={navLinkClass}>
        {headerTexts.admin}
      </NavLink>
    )
  }
  return (
    <NavLink to="/auth" className={navLinkClass}>
      {headerTexts.login}
    </NavLink>
  )
}
