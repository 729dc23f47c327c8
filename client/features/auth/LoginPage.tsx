// /auth — the administrator's login form.
import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { authTexts } from '#client/texts/auth.ts'
import { useLoginMutation } from '#client/api/auth.ts'
import { failureText } from '#client/api/http.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { toast } from '#client/components/ui/use-toast.ts'
import { readLoginForm } from './login-form.ts'
import type { LoginFieldErrors } from './login-form.ts'

export function LoginPage() {
  const navigate = useNavigate()
  const login = useLoginMutation()
  const [fieldErrors, setFieldErrors] = useState<LoginFieldErrors>({})

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const result = readLoginForm({
      username: String(form.get('username') ?? ''),
      password: String(form.get('password') ?? ''),
    })
    if (!result.ok) {
      setFieldErrors(result.fieldErrors)
      return
    }
    setFieldErrors({})
    login.mutate(result.input, {
      onSuccess: () => {
        toast({ title: authTexts.loginSuccess })
        void navigate('/admin/books')
      },
      onError: (failure) => {
        toast({ variant: 'destructive', title: authTexts.loginFailureTitle, description: failureText(failure) })
      },
    })
  }

  return (
    <section className="mx-auto w-full max-w-sm">
      <PageHeading title={authTexts.heading}>{authTexts.heading}</PageHeading>
      <form className="mt-6 grid gap-4" noValidate onSubmit={submit}>
        <LoginField name="username" label={authTexts.username} autoComplete="username" error={fieldErrors.username} />
        <LoginField
          name="password"
          type="password"
          label={authTexts.password}
          autoComplete="current-password"
          error={fieldErrors.password}
        />
        <Button type="submit" disabled={login.isPending}>
          {login.isPending ? authTexts.submitting : authTexts.submit}
        </Button>
      </form>
    </section>
  )
}

interface LoginFieldProps {
  name: 'username' | 'password'
  label: string
  type?: 'text' | 'password'
  autoComplete: string
  error: string | undefined
}

function LoginField({ name, label, type = 'text', autoComplete, error }: LoginFieldProps) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="min-h-10 rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 aria-invalid:border-red-700"
      />
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}
