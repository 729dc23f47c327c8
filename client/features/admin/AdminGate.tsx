// The door of /admin/*: only a logged-in administrator gets the admin shell, whose code (and every
// admin screen's) is loaded only then, so visitors never download it.
import { lazy, Suspense } from 'react'
import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { adminGateTexts } from '#client/texts/admin-gate.ts'
import { siteTexts, toastTexts } from '#client/texts/common.ts'
import { userQueries } from '#client/api/auth.ts'
import { failureText } from '#client/api/http.ts'
import { LoadingStatus } from '#client/components/LoadingStatus.tsx'
import { SkipToContent } from '#client/layout/PublicLayout.tsx'
import { SiteHeader } from '#client/layout/SiteHeader.tsx'

const AdminShell = lazy(() => import('./AdminShell.tsx').then((m) => ({ default: m.AdminShell })))

export function AdminGate() {
  const user = useQuery(userQueries.current())
  if (user.isPending)
    return (
      <GateFrame>
        <LoadingStatus />
      </GateFrame>
    )
  if (user.isError) {
    return (
      <GateFrame>
        <h1 className="font-serif text-2xl font-semibold">{toastTexts.error}</h1>
        <p className="mt-2 text-stone-700">{failureText(user.error)}</p>
      </GateFrame>
    )
  }
  if (!user.data) return <AdminAccessRequired />
  return (
    <Suspense
      fallback={
        <GateFrame>
          <LoadingStatus />
        </GateFrame>
      }
    >
      {/* Keyed by the user: an editor opened by one user never goes on under another (decision 044). */}
      <AdminShell key={user.data.id} user={user.data} />
    </Suspense>
  )
}

function AdminAccessRequired() {
  return (
    <GateFrame>
      <title>{`${adminGateTexts.accessRequired} · ${siteTexts.name}`}</title>
      <h1 className="font-serif text-2xl font-semibold text-stone-900">{adminGateTexts.accessRequired}</h1>
      <p className="mt-4">
        <Link to="/auth" className="rounded text-stone-900 underline underline-offset-4">
          {adminGateTexts.loginLink}
        </Link>
      </p>
    </GateFrame>
  )
}

function GateFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipToContent />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-xl px-4 py-16 outline-none">
        {children}
      </main>
    </>
  )
}
