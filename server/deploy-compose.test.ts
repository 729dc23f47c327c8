// deploy/compose.yaml as Compose reads it (issue 31). No Compose runs on the CI machine (deploy/check.sh
// builds and starts the image with buildah instead), so this checks what a Compose run would hit:
// the interpolation Compose does, the site's environment as the server parses it, the names that tie
// the two services together, and the image's port, data volume and health check.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { loadConfig } from './config.ts'

const root = path.resolve(import.meta.dirname, '..')
const composeFile = path.join(root, 'deploy', 'compose.yaml')
const dockerfile = fs.readFileSync(path.join(root, 'deploy', 'Dockerfile'), 'utf8')

/**
 * Compose's interpolation of `${NAME}`, `${NAME:-default}` and `${NAME:?message}` (unset or empty,
 * as Compose treats both); anything else with a `$` is refused, as Compose would.
 */
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(/\$\$|\$\{([A-Z_][A-Z0-9_]*)(?:(:-|:\?)([^}]*))?\}|\$/g, (whole, name?: string, op?, arg?) => {
    if (whole === '$$') return '$'
    if (name === undefined) throw new Error(`a bare "$" Compose would not read: ${text}`)
    const value = env[name]
    if (value !== undefined && value !== '') return value
    if (op === ':?') throw new Error(`${name}: ${arg}`)
    return op === ':-' ? String(arg) : ''
  })
}

interface Service {
  build?: { context: string; dockerfile: string }
  environment?: Record<string, string | number | boolean | null>
  ports?: string[]
  volumes?: string[]
  depends_on?: Record<string, { condition: string }>
  healthcheck?: { test: string[] }
  image?: string
}
interface Compose {
  services: Record<string, Service>
  volumes?: Record<string, unknown>
}

function composeWith(env: Record<string, string>): Compose {
  return parse(interpolate(fs.readFileSync(composeFile, 'utf8'), env)) as Compose
}

/** The variables .env.example documents (`#NAME=…` or `NAME=…`). */
const documented = new Set(
  [...fs.readFileSync(path.join(root, '.env.example'), 'utf8').matchAll(/^#?([A-Z][A-Z0-9_]*)=/gm)].map(
    (match) => match[1]!,
  ),
)

describe('deploy/compose.yaml', () => {
  const compose = composeWith({ POSTGRES_PASSWORD: 'a password' })
  const site = compose.services.site!
  const db = compose.services.db!

  it('will not start without POSTGRES_PASSWORD, and says so', () => {
    expect(() => composeWith({})).toThrow('POSTGRES_PASSWORD: set POSTGRES_PASSWORD')
  })

  it('gives the site an environment the server accepts, of documented variables only', () => {
    // Compose passes numbers and booleans in `environment` on as their text.
    const environment = Object.fromEntries(
      Object.entries(site.environment!).map(([name, value]) => [name, String(value)]),
    )
    for (const name of Object.keys(environment)) expect(documented, name).toContain(name)
    // The image's own ENV, then the compose file's, as the container sees them.
    const imageEnv = Object.fromEntries(
      [...dockerfile.matchAll(/^\s*(?:ENV\s+)?([A-Z_]+)=(\S+?)\s*\\?$/gm)].map((match) => [match[1]!, match[2]!]),
    )
    const config = loadConfig({ ...imageEnv, ...environment })
    expect(config.databaseUrl).toBe('postgres://encyclopedia:a password@db:5432/encyclopedia')
    expect(config.host).toBe('0.0.0.0')
    expect(config.trustProxy).toBeTypeOf('function') // one hop: the proxy in front
  })

  it('ties the site to its database by the names, user and password the database is made with', () => {
    const url = new URL(String(site.environment!.DATABASE_URL))
    expect(compose.services[url.hostname], 'the database URL names a service').toBe(db)
    expect(decodeURIComponent(url.username)).toBe(String(db.environment!.POSTGRES_USER))
    expect(decodeURIComponent(url.password)).toBe(String(db.environment!.POSTGRES_PASSWORD))
    expect(url.pathname.slice(1)).toBe(String(db.environment!.POSTGRES_DB))
    expect(site.depends_on?.db?.condition).toBe('service_healthy')
    expect(db.healthcheck?.test.join(' ')).toContain('pg_isready')
  })

  it("builds the repository's image and publishes its port on the loopback address only", () => {
    const build = site.build!
    expect(fs.existsSync(path.resolve(path.dirname(composeFile), build.context, build.dockerfile))).toBe(true)
    const exposed = /^EXPOSE (\d+)$/m.exec(dockerfile)![1]
    expect(site.ports).toEqual([`127.0.0.1:3000:${exposed}`])
    expect(composeWith({ POSTGRES_PASSWORD: 'x', PORT: '8080' }).services.site!.ports).toEqual([
      `127.0.0.1:8080:${exposed}`,
    ])
  })

  it('keeps the data of both services in named volumes', () => {
    const dataDir = /^VOLUME (\S+)$/m.exec(dockerfile)![1]
    for (const [service, target] of [
      [site, dataDir],
      [db, '/var/lib/postgresql'],
    ] as const) {
      const mount = service.volumes?.find((volume) => volume.endsWith(`:${target}`))
      expect(mount, target).toBeDefined()
      expect(compose.volumes).toHaveProperty(mount!.split(':')[0]!)
    }
  })
})
