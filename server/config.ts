// The environment, parsed and validated once at start (the variables are listed in README.md).
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { parseEnv } from 'node:util'
import { z } from 'zod'
import { OperatorError } from './lib/operator-error.ts'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value))

const EnvSchema = z
  .object({
    PORT: z
      .string()
      .default('3000')
      .refine((v) => /^\d{1,5}$/.test(v) && Number(v) <= 65535, 'must be a port number between 0 and 65535')
      .transform(Number),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    ),
    SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    ADMIN_USERNAME: optionalText,
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
    TRUST_PROXY: optionalText.pipe(
      z
        .string()
        .regex(
          /^(true|false|1|0|\d+|[0-9a-fA-F.:/,\s]+)$/,
          'must be true, false, a number of proxy hops, or a comma-separated list of proxy addresses',
        )
        .optional(),
    ),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
    DONATION_URL: optionalText.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).optional()),
    METRICS_ALLOW: optionalText.pipe(
      z
        .string()
        .refine(
          (value) => splitList(value).every(isAddressOrRange),
          'must be a comma-separated list of IP addresses or ranges (127.0.0.1, 10.0.0.0/8, ::1)',
        )
        .optional(),
    ),
  })
  .refine((env) => (env.ADMIN_USERNAME === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  })

/** What Fastify's `trustProxy` accepts: all, none, the first N hops, or these proxy addresses. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean)

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  sessionSecret: string | undefined
  admin: { username: string; password: string } | undefined
  trustProxy: TrustProxy
  logLevel: (typeof LOG_LEVELS)[number]
  donationUrl: string | undefined
  /** Addresses and CIDR ranges that may read GET /metrics without a session (empty: administrators only). */
  metricsAllow: string[]
}

export class ConfigError extends OperatorError {}

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false' || value === '0') return false
  if (value === 'true') return true
  // A number counts hops: `1` trusts only the proxy in front, so a client's own X-Forwarded-For
  // entries cannot pose as its address (`true` would take the left-most, forgeable one).
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    return (_address, hop) => hop < hops
  }
  return value
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean)
}

const splitList = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)

/** `10.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`. */
function isAddressOrRange(entry: string) {
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = net.isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128)
}

/**
 * The environment with the variables of a `.env` file added, when there is one (by default in the
 * working directory); a variable set in the real environment wins over the file's. Node's own
 * parser reads the file (`util.parseEnv`, what `process.loadEnvFile` uses), but process.env is left
 * as it is: only the configuration sees the file.
 */
export function withEnvFile(env: NodeJS.ProcessEnv = process.env, file = path.resolve('.env')): NodeJS.ProcessEnv {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return env
    throw new ConfigError(`Invalid configuration: cannot read ${file} (${(error as Error).message})`)
  }
  return { ...parseEnv(text), ...env }
}

/** Parses the environment; throws a ConfigError whose message is one line naming the bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = withEnvFile()): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const name = String(issue.path[0] ?? 'environment')
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`)
  }
  const e = parsed.data
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    sessionSecret: e.SESSION_SECRET,
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    donationUrl: e.DONATION_URL,
    metricsAllow: e.METRICS_ALLOW === undefined ? [] : splitList(e.METRICS_ALLOW),
  }
}
