// 'Muuda parooli' for the logged-in administrator: the current password, the new one twice. The
// other sessions end; this one stays. A wrong current password is said at its field.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { PasswordChangeInput } from '#shared/api/users.ts'
import { toastTexts } from '#client/texts/common.ts'
import { usersTexts } from '#client/texts/users.ts'
import { ApiError, failureText } from '#client/api/http.ts'
import { useChangeOwnPassword } from '#client/api/users.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { FormField } from '#client/components/ui/FormField.tsx'
import { Input } from '#client/components/ui/Input.tsx'
import { toast } from '#client/components/ui/use-toast.ts'

const t = usersTexts.password

const PasswordChangeSchema = PasswordChangeInput.extend({ repeat: z.string() }).refine(
  (values) => values.newPassword === values.repeat,
  { path: ['repeat'], message: t.mismatch },
)
type PasswordChangeValues = z.infer<typeof PasswordChangeSchema>

/** The one refusal the form cannot check itself; it has already checked the rest. */
const isAboutCurrentPassword = (failure: unknown) =>
  failure instanceof ApiError && failure.code === 'wrong_current_password'

export function PasswordChangeForm() {
  const change = useChangeOwnPassword()
  const form = useForm<PasswordChangeValues>({
    resolver: zodResolver(PasswordChangeSchema),
    defaultValues: { currentPassword: '', newPassword: '', repeat: '' },
  })
  const { errors } = form.formState

  function save({ currentPassword, newPassword }: PasswordChangeValues) {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset()
          toast({ title: toastTexts.success, description: t.changed })
        },
        onError: (failure) => {
          if (isAboutCurrentPassword(failure)) {
            form.setError('currentPassword', { message: t.wrongCurrent }, { shouldFocus: true })
            return
          }
          toast({ variant: 'destructive', title: toastTexts.error, description: failureText(failure) })
        },
      },
    )
  }

  return (
    <section aria-labelledby="password-heading" className="grid max-w-md gap-4">
      <div className="grid gap-1">
        <h2 id="password-heading" className="font-serif text-xl font-semibold text-stone-900">
          {t.heading}
        </h2>
        <p className="text-sm text-stone-600">{t.description}</p>
      </div>
      <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(save)}>
        <FormField label={t.current} error={errors.currentPassword?.message}>
          {(control) => (
            <Input {...control} type="password" autoComplete="current-password" {...form.register('currentPassword')} />
          )}
        </FormField>
        <FormField label={t.next} hint={usersTexts.fields.passwordHint} error={errors.newPassword?.message}>
          {(control) => (
            <Input {...control} type="password" autoComplete="new-password" {...form.register('newPassword')} />
          )}
        </FormField>
        <FormField label={t.repeat} error={errors.repeat?.message}>
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('repeat')} />}
        </FormField>
        <div>
          <Button type="submit" disabled={change.isPending} aria-busy={change.isPending}>
            {change.isPending ? t.saving : t.submit}
          </Button>
        </div>
      </form>
    </section>
  )
}
