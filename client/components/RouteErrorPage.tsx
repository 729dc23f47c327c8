// Shown when a screen throws while rendering or its code fails to load.
import { Link, useRouteError } from 'react-router'
import { errorTexts, headerTexts, toastTexts } from '#client/texts/common.ts'
import { failureText } from '#client/api/http.ts'

export function RouteErrorPage() {
  const failure = useRouteError()
  return (
    <main className="mx-auto max-w-xl p-6">
      <h1 className="font-serif text-2xl font-semibold">{toastTexts.error}</h1>
      <p className="mt-2 text-stone-700">{errorTexts.screenFailed}</p>
      <p className="mt-1 text-sm text-stone-500">{failureText(failure)}</p>
      <p className="mt-4">
        <Link className="underline" to="/">
          {headerTexts.home}
        </Link>
      </p>
    </main>
  )
}
