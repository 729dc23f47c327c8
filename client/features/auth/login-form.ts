// The login form's rules, apart from React: validation with the shared schema.
import { LoginInput } from '#shared/api/auth.ts'

export type LoginFieldErrors = Partial<Record<keyof LoginInput, string>>

export type LoginFormResult = { ok: true; input: LoginInput } | { ok: false; fieldErrors: LoginFieldErrors }

export function readLoginForm(values: { username: string; password: string }): LoginFormResult {
  const parsed = LoginInput.safeParse(values)
  if (parsed.success) return { ok: true, input: parsed.data }
  const fieldErrors: LoginFieldErrors = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0]
    if ((field === 'username' || field === 'password') && !fieldErrors[field]) {
      fieldErrors[field] = issue.message
    }
  }
  return { ok: false, fieldErrors }
}
