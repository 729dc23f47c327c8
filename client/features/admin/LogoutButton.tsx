// Log out: the user's drafts in this browser are cleared once the server has ended the session
// (decision 044). When there is unsaved work (an open editor with changes, or a draft kept from
// earlier), the person is asked first and may stay. Another tab of the same browser is told, so
// its editors stop keeping drafts and it shows the logged-out screen too.
import { useEffect, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import type { CurrentUser } from '#shared/api/auth.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { authTexts, logoutUnsavedTexts as t } from '#client/texts/auth.ts'
import { forgetUser, useLogoutMutation } from '#client/api/auth.ts'
import { failureText } from '#client/api/http.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { ConfirmDialog } from '#client/components/ui/AlertDialog.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { clearDrafts, countDrafts } from './content/content-editor/local-drafts.ts'
import { announceLogout, anyUnsavedWork, letGoOfOpenWork, listenForLogout } from './unsaved-work.ts'

function warn(failure: unknown) {
  console.warn('The drafts in this browser could not be read or cleared', failure)
}

/**
 * The browser's storage can keep a call waiting indefinitely (a tab of an older version of the app
 * holding the database open while this one upgrades it): logging out never waits on it for longer.
 */
const STORAGE_WAIT_MS = 3000

/** What `work` gives, or `late` when it takes too long, or `failed` when it fails. */
function withinTime<T>(work: Promise<T>, late: T, failed: T): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(late), STORAGE_WAIT_MS)
    work
      .then(resolve, (failure: unknown) => {
        warn(failure)
        resolve(failed)
      })
      .finally(() => clearTimeout(timer))
  })
}

/** After the server ended the session: nothing more is kept, and what was kept goes. */
async function forgetWork(userId: number) {
  letGoOfOpenWork()
  announceLogout(userId)
  // (a late clearing still happens, once the storage answers)
  await withinTime(clearDrafts(userId), 0, 0)
}

/** Unsaved work a logout would throw away: an editor's changes, or a draft kept in this browser. */
async function hasUnsavedWork(userId: number): Promise<boolean> {
  if (anyUnsavedWork()) return true
  // No storage means no drafts; storage that does not answer may hold some: ask rather than lose them.
  return (await withinTime(countDrafts(userId), 1, 0)) > 0
}

export function LogoutButton({ user }: { user: CurrentUser }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const logout = useLogoutMutation({ whenLoggedOut: () => forgetWork(user.id) })
  const [asking, setAsking] = useState(false)
  const [checking, setChecking] = useState(false)

  // a logout in another tab ended this session as well
  useEffect(
    () =>
      listenForLogout(user.id, () => {
        letGoOfOpenWork()
        forgetUser(queryClient)
      }),
    [user.id, queryClient],
  )

  function logOut() {
    logout.mutate(undefined, {
      onSuccess: () => {
        setAsking(false)
        toast({ title: authTexts.logoutSuccess })
        void navigate('/')
      },
      onError: (failure) => {
        setAsking(false)
        toast({ variant: 'destructive', title: authTexts.logoutFailure, description: failureText(failure) })
      },
    })
  }

  async function start() {
    setChecking(true)
    const unsaved = await hasUnsavedWork(user.id)
    setChecking(false)
    if (unsaved) setAsking(true)
    else logOut()
  }

  return (
    <>
      <Button variant="secondary" disabled={logout.isPending || checking} onClick={() => void start()}>
        {adminTexts.nav.logout}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t.title}
        description={t.description}
        cancelLabel={t.stay}
        confirmLabel={t.logOut}
        pendingLabel={t.loggingOut}
        isPending={logout.isPending}
        onConfirm={logOut}
      />
    </>
  )
}
