import { describe, expect, it } from 'vitest'
import { readLoginForm } from './login-form.ts'

describe('readLoginForm', () => {
  it('accepts a username and password, trimming the username', () => {
    expect(readLoginForm({ username: '  admin ', password: 'secret' })).toEqual({
      ok: true,
      input: { username: 'admin', password: 'secret' },
    })
  })

  it('names each empty field with the shared schema message', () => {
    expect(readLoginForm({ username: '   ', password: '' })).toEqual({
      ok: false,
      fieldErrors: { username: 'Username is required', password: 'Password is required' },
    })
  })
})
