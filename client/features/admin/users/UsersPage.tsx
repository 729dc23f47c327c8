// /admin/users: 'Kasutajad', every administrator with when they were last seen; add one, disable or
// enable, delete (never the last active one), and change one's own password.
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { UserSummary } from '#shared/api/users.ts'
import { fill } from '#shared/text/fill.ts'
import { toastTexts } from '#client/texts/common.ts'
import { usersTexts as t } from '#client/texts/users.ts'
import { userQueries } from '#client/api/auth.ts'
import { ApiError, failureText } from '#client/api/http.ts'
import { useDeleteUser, useSetUserDisabled, usersQueries } from '#client/api/users.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { LoadingStatus } from '#client/components/LoadingStatus.tsx'
import { ConfirmDialog } from '#client/components/ui/AlertDialog.tsx'
import { Button } from '#client/components/ui/Button.tsx'
import { ListTable, TableCell, TableRow } from '#client/components/ui/Table.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { DeleteItemDialog } from '../DeleteItemDialog.tsx'
import { FailureMessage } from '../ScreenMessage.tsx'
import { AddUserDialog } from './AddUserDialog.tsx'
import { PasswordChangeForm } from './PasswordChangeForm.tsx'

const dateFormat = new Intl.DateTimeFormat('et-EE', { dateStyle: 'medium', timeStyle: 'short' })

/** The last active administrator in the page's words; anything else in the server's own. */
const userActionFailure = (failure: unknown) =>
  failure instanceof ApiError && failure.code === 'last_administrator' ? t.lastAdministrator : failureText(failure)

export function UsersPage() {
  const users = useQuery(usersQueries.list())
  const me = useQuery(userQueries.current()).data
  return (
    <div className="grid gap-8">
      <section className="grid gap-6" aria-labelledby="users-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <PageHeading title={t.heading}>
            <span id="users-heading">{t.heading}</span>
          </PageHeading>
          <AddUserDialog />
        </div>
        {users.isPending ? <LoadingStatus /> : null}
        {users.isError ? <FailureMessage>{t.fetchFailed}</FailureMessage> : null}
        {users.data ? (
          <ListTable
            label={t.heading}
            columns={[t.columns.username, t.columns.status, t.columns.lastSeen, t.columns.createdAt, t.columns.actions]}
            empty={users.data.length === 0 ? t.empty : null}
          >
            {users.data.map((user) => (
              <UserRow key={user.id} user={user} isMe={user.id === me?.id} />
            ))}
          </ListTable>
        ) : null}
      </section>
      {me ? <PasswordChangeForm /> : null}
    </div>
  )
}

function UserRow({ user, isMe }: { user: UserSummary; isMe: boolean }) {
  return (
    <TableRow>
      <TableCell className="font-medium">
        {user.username}
        {isMe ? <span className="ml-2 text-sm font-normal text-stone-600">({t.you})</span> : null}
      </TableCell>
      <TableCell>
        {user.disabled ? (
          <span className="rounded bg-red-50 px-2 py-0.5 text-red-800">{t.disabled}</span>
        ) : (
          <span className="rounded bg-green-50 px-2 py-0.5 text-green-800">{t.active}</span>
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap">
        {user.lastSeenAt ? (
          <time dateTime={user.lastSeenAt}>{dateFormat.format(new Date(user.lastSeenAt))}</time>
        ) : (
          t.never
        )}
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <time dateTime={user.createdAt}>{dateFormat.format(new Date(user.createdAt))}</time>
      </TableCell>
      <TableCell>
        {/* One's own account is not disabled or deleted from here: that would end this very session. */}
        {isMe ? null : (
          <div className="flex flex-wrap gap-1">
            {user.disabled ? <EnableButton user={user} /> : <DisableDialog user={user} />}
            <DeleteUserDialog user={user} />
          </div>
        )}
      </TableCell>
    </TableRow>
  )
}

function EnableButton({ user }: { user: UserSummary }) {
  const setDisabled = useSetUserDisabled()
  return (
    <Button
      variant="ghost"
      disabled={setDisabled.isPending}
      onClick={() =>
        setDisabled.mutate(
          { id: user.id, disabled: false },
          {
            onSuccess: () =>
              toast({ title: toastTexts.success, description: fill(t.enabledToast, { username: user.username }) }),
            onError: (failure) =>
              toast({ variant: 'destructive', title: toastTexts.error, description: userActionFailure(failure) }),
          },
        )
      }
    >
      {t.enableAction}
      <span className="sr-only">: {user.username}</span>
    </Button>
  )
}

function DisableDialog({ user }: { user: UserSummary }) {
  const [open, setOpen] = useState(false)
  const setDisabled = useSetUserDisabled()
  async function confirm() {
    try {
      await setDisabled.mutateAsync({ id: user.id, disabled: true })
    } catch (failure) {
      toast({ variant: 'destructive', title: toastTexts.error, description: userActionFailure(failure) })
      return
    }
    setOpen(false)
    toast({ title: toastTexts.success, description: fill(t.disabledToast, { username: user.username }) })
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost">
          {t.disableAction}
          <span className="sr-only">: {user.username}</span>
        </Button>
      }
      title={t.disableTitle}
      description={fill(t.disableWarning, { username: user.username })}
      confirmLabel={t.disableAction}
      pendingLabel={t.disabling}
      isPending={setDisabled.isPending}
      onConfirm={() => void confirm()}
    />
  )
}

function DeleteUserDialog({ user }: { user: UserSummary }) {
  const deleteUser = useDeleteUser()
  return (
    <DeleteItemDialog
      name={user.username}
      texts={t}
      remove={() => deleteUser.mutateAsync(user.id)}
      isPending={deleteUser.isPending}
      failureText={userActionFailure}
    />
  )
}
