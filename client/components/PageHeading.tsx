import type { ReactNode } from 'react'
import { siteTexts } from '#client/texts/common.ts'
import { layoutClasses } from '#client/layout/layout-classes.ts'

/** A screen's main heading; also names the browser tab (React 19 hoists <title>). */
export function PageHeading({ children, title }: { children: ReactNode; title: string }) {
  return (
    <>
      <title>{`${title} · ${siteTexts.name}`}</title>
      <h1 className={layoutClasses.heading}>{children}</h1>
    </>
  )
}
