// The public header: logo, Home, the search dialog, the way into the admin area, and on phones
// the menu button.
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, NavLink } from 'react-router'
import { headerTexts, siteTexts } from '#client/texts/common.ts'
import { userQueries } from '#client/api/auth.ts'
import { SearchButton } from './SearchButton.tsx'
import { layoutClasses } from './layout-classes.ts'

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  isActive ? layoutClasses.navLinkActive : layoutClasses.navLink

/** `menu`: the phone menu's button, shown instead of the side panel on small screens. */
export function SiteHeader({ menu = null }: { menu?: ReactNode }) {
  return (
    <header className={layoutClasses.header}>
      <div className={layoutClasses.headerRow}>
        <div className={layoutClasses.headerStart}>
          {menu}
          <Link to="/" className={layoutClasses.logo}>
            {siteTexts.name}
          </Link>
        </div>
        <div className={layoutClasses.headerEnd}>
          <SearchButton />
          <nav aria-label={headerTexts.navLabel}>
            <ul className={layoutClasses.navList}>
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
  if (user.isPending) return <span className={layoutClasses.navPending} aria-hidden="true" />
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
