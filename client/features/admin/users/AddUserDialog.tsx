// 'Lisa administraator': a username and a password with the registration's rules; the dialog
// closes after the user is added, and a taken name is said at the field.
import { useState } from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { NewUserInput } from '#shared/api/users.ts'
import { fill } from '#shared/text/fill.ts'
import { commonTexts, toastTexts } from '#client/texts/common.ts'
import { usersTexts as t } from '#client/texts/users.ts'
import { ApiError, failureText } from '#client/api/http.ts'
import { useAddUser } from '#client/api/users.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '#client/components/ui/Dialog.tsx'
import { FormField } from '#client/components/ui/FormField.tsx'
import { Input } from '#client/components/ui/Input.tsx'
import { toast } from '#client/components/ui/use-toast.ts'

export function AddUserDialog() {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>{t.add}</Button>
      </DialogTrigger>
      <DialogContent title={t.add} description={t.addDescription}>
        {/* Mounted only while open, so every opening starts empty. */}
        <AddUserForm onAdded={() => setOpen(false)} />
      </DialogContent>
    </Dialog>
  )
}

function AddUserForm({ onAdded }: { onAdded: () => void }) {
  const addUser = useAddUser()
  const form = useForm<NewUserInput>({
    resolver: zodResolver(NewUserInput),
    defaultValues: { username: '', password: '' },
  })
  const { errors } = form.formState

  function add(values: NewUserInput) {
    addUser.mutate(values, {
      onSuccess: (user) => {
        toast({ title: toastTexts.success, description: fill(t.added, { username: user.username }) })
        onAdded()
      },
      onError: (failure) => {
        if (failure instanceof ApiError && failure.code === 'already_exists') {
          form.setError('username', { message: t.usernameTaken }, { shouldFocus: true })
          return
        }
        toast({ variant: 'destructive', title: toastTexts.error, description: failureText(failure) })
      },
    })
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(add)}>
      <FormField label={t.fields.username} error={errors.username?.message}>
        {(control) => <Input {...control} autoComplete="off" autoFocus {...form.register('username')} />}
      </FormField>
      <FormField label={t.fields.password} hint={t.fields.passwordHint} error={errors.password?.message}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
      </FormField>
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            {commonTexts.cancel}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={addUser.isPending} aria-busy={addUser.isPending}>
          {addUser.isPending ? t.adding : t.addSubmit}
        </Button>
      </DialogFooter>
    </form>
  )
}
