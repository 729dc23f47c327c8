// The main area of a public screen: it scrolls on its own, and the reader finds it through
// ScrollRootContext.
import { useRef } from 'react'
import { Outlet } from 'react-router'
import { ScrollRootContext } from './scroll-root.ts'
import { layoutClasses } from './layout-classes.ts'

export function MainArea() {
  const scrollRoot = useRef<HTMLElement>(null)
  return (
    <ScrollRootContext value={scrollRoot}>
      <main ref={scrollRoot} id="main" tabIndex={-1} className={layoutClasses.main}>
        <div className={layoutClasses.mainInner}>
          <Outlet />
        </div>
      </main>
    </ScrollRootContext>
  )
}
