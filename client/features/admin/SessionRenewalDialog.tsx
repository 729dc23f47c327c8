// 'Seanss on aegunud': when an administrator's call finds the session gone (expired, or ended from
// elsewhere), this dialog asks for the password, logs the same user in again and lets the waiting
// calls go on (client/api/http.ts sends them again). Nothing on the screen is unmounted meanwhile,
// so an editor's text stays as it was; Cancel leaves it too, with a message.
import { useEffect, useId, useState } from 'react'
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
import { Label } from '#client/components/ui/Label.tsx'
import { toast } from '#client/components/ui/use-toast.ts'

export function SessionRenewalDialog({ username }: { username: string }) {
  // The promise the waiting calls hang on: resolved true after the login, false on Cancel.
  const [waiting, setWaiting] = useState<((loggedIn: boolean) => void) | null>(null)

  // Installing the renewal subscribes http.ts to this dialog for as long as the admin shell is shown.
  useEffect(() => setSessionRenewal(() => new Promise<boolean>((resolve) => setWaiting(() => resolve))), [])

  function finish(loggedIn: boolean) {
    waiting?.(loggedIn)
    setWaiting(null)
    if (loggedIn) toast({ title: t.renewed })
    else toast({ variant: 'destructive', title: t.title, description: t.cancelled })
  }

  return (
    <Dialog open={waiting !== null} onOpenChange={(open) => (open ? undefined : finish(false))}>
      {waiting ? (
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
  const usernameId = useId()
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
      setError(failure instanceof ApiError && failure.status === 401 ? t.wrongPassword : failureText(failure))
      setPending(false)
    }
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={(event) => void submit(event)}>
      <div className="grid gap-1">
        <Label htmlFor={usernameId}>{t.username}</Label>
        <Input id={usernameId} value={username} readOnly autoComplete="username" className="bg-stone-100" />
      </div>
      <FormField label={t.password} error={error}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            autoFocus
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
