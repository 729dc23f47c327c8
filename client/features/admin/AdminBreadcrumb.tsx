// Where an admin screen sits: Books › a book › a chapter. The last crumb is the current screen.
import { Link } from 'react-router'
import { adminTexts } from '#client/texts/admin.ts'

export interface Crumb {
  label: string
  to?: string
}

export function AdminBreadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label={adminTexts.breadcrumbLabel} className="text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1
          return (
            <li key={`${index}-${crumb.label}`} className="flex items-center gap-1">
              {crumb.to && !last ? (
                <Link to={crumb.to} className="rounded underline-offset-4 hover:text-stone-900 hover:underline">
                  {crumb.label}
                </Link>
              ) : (
                <span aria-current={last ? 'page' : undefined} className={last ? 'text-stone-900' : undefined}>
                  {crumb.label}
                </span>
              )}
              {last ? null : <span aria-hidden="true">›</span>}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
