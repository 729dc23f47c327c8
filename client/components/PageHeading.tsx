import type { ReactNode } from 'react'
import { siteTexts } from '#client/texts/common.ts'

/** A screen's main heading; also names the browser tab (React 19 hoists <title>). */
export function PageHeading({ children, title }: { children: ReactNode; title: string }) {
  return (
    <>
      <title>{`${title} · ${siteTexts.name}`}</title>
      <h1 className="font-serif text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">{children}</h1>
    </>
  )
}
