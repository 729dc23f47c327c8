import { describe, expect, it } from 'vitest'
import { makeSetupCode, startUpLine } from './first-run.ts'

describe('the setup code', () => {
  it('is eight groups of four base32 letters (160 bits), new each time', () => {
    const codes = Array.from({ length: 50 }, () => makeSetupCode().current!)
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){7}$/)
    expect(new Set(codes).size).toBe(50)
  })

  it('accepts the code however it is typed, nothing else, and nothing once forgotten', () => {
    const setup = makeSetupCode()
    const code = setup.current!
    expect(setup.accepts(code)).toBe(true)
    expect(setup.accepts(` ${code.toLowerCase().replaceAll('-', ' ')} `)).toBe(true)
    expect(setup.accepts(code.replaceAll('-', ''))).toBe(true)
    expect(setup.accepts(code.slice(0, -1))).toBe(false)
    expect(setup.accepts(`${code}A`)).toBe(false)
    expect(setup.accepts('')).toBe(false)
    expect(setup.accepts(undefined)).toBe(false)
    setup.forget()
    expect(setup.current).toBeUndefined()
    expect(setup.accepts(code)).toBe(false)
  })
})

describe('the start-up line', () => {
  it('gives the address only once a user exists', () => {
    expect(startUpLine({ address: '127.0.0.1', port: 3000 }, undefined)).toBe('Open http://127.0.0.1:3000/')
    expect(startUpLine({ address: '::1', port: 3000 }, undefined)).toBe('Open http://[::1]:3000/')
    expect(startUpLine({ address: '0.0.0.0', port: 8080 }, undefined)).toBe('Open http://localhost:8080/')
  })

  it('tells how to create the first administrator, with the code, while there is none', () => {
    const setup = makeSetupCode()
    const line = startUpLine({ address: '127.0.0.1', port: 3000 }, setup)
    expect(line).toContain('http://127.0.0.1:3000/')
    expect(line).toContain('npm run user:create -- NAME')
    expect(line).toContain(`X-Setup-Code: ${setup.current}`)
    expect(line).not.toContain('\n')
    setup.forget()
    expect(startUpLine({ address: '127.0.0.1', port: 3000 }, setup)).toBe('Open http://127.0.0.1:3000/')
  })
})
