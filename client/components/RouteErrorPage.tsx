// Shown when a screen throws while rendering or its code fails to load.
import { Link, useRouteError } from 'react-router'
import { texts } from '#shared/texts.ts'
import { failureText } from '#client/api/http.ts'

export function RouteErrorPage() {
  const failure = useRouteError()
  return (
    <main className="mx-auto max-w-xl p-6">
      <h1 className="font-serif text-2xl font-semibold">{texts.toast.error}</h1>
      <p className="mt-2 text-stone-700">{texts.errors.screenFailed}</p>
      <p className="mt-1 text-sm text-stone-500">{failureText(failure)}</p>
      <p className="mt-4">
        <Link className="underline" to="/">
          {texts.header.home}
        </Link>
      </p>
    </main>
  )
}
