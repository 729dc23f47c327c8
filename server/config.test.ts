import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig, withEnvFile } from './config.ts'

const load = (env: Record<string, string>) => loadConfig(env as NodeJS.ProcessEnv)

describe('configuration', () => {
  it('has the contract’s defaults', () => {
    const config = load({})
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      logLevel: 'info',
      trustProxy: false,
    })
    expect(config.dataDir).toBe(path.resolve('./data'))
    expect(config.admin).toBeUndefined()
  })

  it('reads every variable', () => {
    const config = load({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/data',
      DATABASE_URL: 'postgres://u@db/enc',
      SESSION_SECRET: 'x'.repeat(40),
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'long enough',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      DONATION_URL: 'https://example.org/donate',
    })
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/data',
      databaseUrl: 'postgres://u@db/enc',
      admin: { username: 'admin', password: 'long enough' },
      trustProxy: true,
      logLevel: 'warn',
      donationUrl: 'https://example.org/donate',
    })
  })

  it('understands proxy hops and addresses', () => {
    const hops = load({ TRUST_PROXY: '2' }).trustProxy as (address: string, hop: number) => boolean
    expect([hops('a', 0), hops('a', 1), hops('a', 2)]).toEqual([true, true, false])
    const one = load({ TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean
    expect([one('a', 0), one('a', 1)]).toEqual([true, false])
    expect(load({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.2'])
    expect(load({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
  })

  it('reads METRICS_ALLOW as a list of addresses and ranges, empty when unset', () => {
    expect(load({}).metricsAllow).toEqual([])
    expect(load({ METRICS_ALLOW: ' 127.0.0.1, 10.0.0.0/8,::1 , fd00::/8' }).metricsAllow).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ])
  })

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET'],
    [{ ADMIN_USERNAME: 'admin' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ TRUST_PROXY: 'yes please' }, 'TRUST_PROXY'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ DONATION_URL: 'javascript:alert(1)' }, 'DONATION_URL'],
    [{ METRICS_ALLOW: 'prometheus.internal' }, 'METRICS_ALLOW'],
    [{ METRICS_ALLOW: '10.0.0.0/33' }, 'METRICS_ALLOW'],
    [{ METRICS_ALLOW: '10.0.0.1, ::1/129' }, 'METRICS_ALLOW'],
    [{ METRICS_ALLOW: '10.0.0.0/8/8' }, 'METRICS_ALLOW'],
  ])('refuses %o with one line naming %s', (env, name) => {
    let error: unknown
    try {
      load(env)
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    expect(message).toContain(name)
    expect(message).not.toContain('\n')
  })
})

describe('a .env file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'config-env-'))
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
  const envFile = (text: string) => {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.env`)
    fs.writeFileSync(file, text)
    return file
  }

  it('adds its variables, comments and quotes understood, the real environment winning', () => {
    const file = envFile(
      [
        '# the site behind a proxy',
        'PORT=8080',
        'HOST=0.0.0.0',
        'DONATION_URL="https://example.org/annetus?x=1#y"',
        "ADMIN_PASSWORD='from the file'",
        'LOG_LEVEL=debug',
        '',
      ].join('\n'),
    )
    const config = loadConfig(
      withEnvFile({ PORT: '9090', ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'from the shell' }, file),
    )
    expect(config).toMatchObject({
      port: 9090,
      host: '0.0.0.0',
      donationUrl: 'https://example.org/annetus?x=1#y',
      admin: { username: 'admin', password: 'from the shell' },
      logLevel: 'debug',
    })
  })

  it('is optional', () => {
    const env = { PORT: '3001' }
    expect(withEnvFile(env, path.join(dir, 'missing.env'))).toBe(env)
  })

  it('is checked like the environment: a bad value names its variable', () => {
    const file = envFile('PORT=eighty\n')
    expect(() => loadConfig(withEnvFile({}, file))).toThrow(/^Invalid configuration: PORT /)
  })

  it('that cannot be read stops the start with one line', () => {
    expect(() => withEnvFile({}, dir)).toThrow(ConfigError)
  })
})
