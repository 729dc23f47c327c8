// 'Seanss on aegunud': when an administrator's call finds the session gone (expired, or ended from
// elsewhere), a dialog asks for the password, logs the same user in again and lets the waiting
// calls go on (client/api/http.ts sends them again). Nothing on the screen is unmounted meanwhile,
// so an editor's text stays as it was. After Cancel a notice stays under the header, with a button
// to log in again, until the person does (the failed action's own message is a toast beside it).
import { useEffect, useState } from 'react'
import type { FormEvent } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { CurrentUser } from '#shared/api/auth.ts'
import { commonTexts } from '#client/texts/common.ts'
import { sessionRenewalTexts as t } from '#client/texts/users.ts'
import { userQueries } from '#client/api/auth.ts'
import { ApiError, failureText, postJson, setSessionRenewal } from '#client/api/http.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { Dialog, DialogContent, DialogFooter } from '#client/components/ui/Dialog.tsx'
import { FormField } from '#client/components/ui/FormField.tsx'
import { Input } from '#client/components/ui/Input.tsx'
import { toast } from '#client/components/ui/use-toast.ts'

interface RenewalState {
  open: boolean
  /** The calls waiting for the outcome: true once logged in, false on Cancel. */
  waiting: ((loggedIn: boolean) => void) | null
  /** Cancelled: the session is still gone, and the notice says so. */
  expired: boolean
}

export function SessionRenewal({ username }: { username: string }) {
  const [state, setState] = useState<RenewalState>({ open: false, waiting: null, expired: false })

  // Installing the renewal subscribes http.ts to this component for as long as the admin shell is shown.
  useEffect(
    () =>
      setSessionRenewal(
        () => new Promise<boolean>((resolve) => setState({ open: true, waiting: resolve, expired: false })),
      ),
    [],
  )

  function finish(loggedIn: boolean) {
    state.waiting?.(loggedIn)
    setState({ open: false, waiting: null, expired: !loggedIn })
    if (loggedIn) toast({ title: t.renewed })
  }

  return (
    <>
      {state.expired ? (
        <div role="status" className="border-b border-amber-200 bg-amber-50">
          <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
            <p className="text-amber-900">
              <strong className="font-semibold">{t.title}.</strong> {t.cancelled}
            </p>
            <Button variant="secondary" onClick={() => setState({ open: true, waiting: null, expired: true })}>
              {t.loginAgain}
            </Button>
          </div>
        </div>
      ) : null}
      <Dialog open={state.open} onOpenChange={(open) => (open ? undefined : finish(false))}>
        {state.open ? (
          <DialogContent
            title={t.title}
            description={t.description}
            // A stray click beside the dialog must not cancel a save; Escape and the buttons still do.
            onInteractOutside={(event) => event.preventDefault()}
          >
            <RenewalForm username={username} onLoggedIn={() => finish(true)} onCancel={() => finish(false)} />
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  )
}

function RenewalForm({
  username,
  onLoggedIn,
  onCancel,
}: {
  username: string
  onLoggedIn: () => void
  onCancel: () => void
}) {
  const queryClient = useQueryClient()
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | undefined>(undefined)
  const [pending, setPending] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (password === '') return setError(t.passwordRequired)
    setPending(true)
    try {
      const user = await postJson<CurrentUser>('/api/login', { username, password })
      // Only the user is set: resetting other queries would reload the screen under the editor.
      queryClient.setQueryData(userQueries.current().queryKey, user)
      onLoggedIn()
    } catch (failure) {
      setError(failure instanceof ApiError && failure.code === 'login_refused' ? t.wrongPassword : failureText(failure))
      setPending(false)
    }
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void submit(event)}>
      {/* Always the same user: the work in progress and its staged upload are theirs. */}
      <p className="text-sm text-stone-800">
        {t.username}: <strong className="font-semibold">{username}</strong>
      </p>
      <FormField label={t.password} error={error}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value)
              setError(undefined)
            }}
          />
        )}
      </FormField>
      <DialogFooter>
        <Button type="button" variant="secondary" onClick={onCancel} disabled={pending}>
          {commonTexts.cancel}
        </Button>
        <Button type="submit" disabled={pending} aria-busy={pending}>
          {pending ? t.submitting : t.submit}
        </Button>
      </DialogFooter>
    </form>
  )
}
