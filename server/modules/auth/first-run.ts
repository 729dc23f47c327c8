// Who may create the very first user of a fresh site (issue 31, decision 058): a request from this
// machine itself, not forwarded by a proxy, or one that carries the one-time setup code the server
// printed at start. Nothing here touches the database.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import net from 'node:net'
import type { FastifyRequest } from 'fastify'

/** The header that carries the setup code (the body's `setupCode` field is the other way). */
export const SETUP_CODE_HEADER = 'x-setup-code'

// RFC 4648's base32 letters: no 0, 1, 8 or 9 to mistake for O, I, B or g.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'
// Eight groups of four letters of 5 bits each: 160 bits.
const GROUPS = 8
const GROUP_LETTERS = 4

/** One process's setup code, held while no user exists; forgotten for good once one does. */
export interface SetupCode {
  /** The code to print, or undefined once forgotten. */
  readonly current: string | undefined
  /** Whether `candidate` is the code, in constant time; always false once forgotten. */
  accepts(candidate: string | undefined): boolean
  forget(): void
}

/** A new random code such as `ABCD-EFGH-…` (eight groups of four letters). */
export function makeSetupCode(): SetupCode {
  const group = () => Array.from({ length: GROUP_LETTERS }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
  let code: string | undefined = Array.from({ length: GROUPS }, group).join('-')
  let digest: Buffer | undefined = digestOf(code)
  return {
    get current() {
      return code
    },
    accepts(candidate) {
      if (digest === undefined || candidate === undefined) return false
      // Both sides hashed: equal lengths for timingSafeEqual, and nothing told by how long it took.
      return timingSafeEqual(digest, digestOf(candidate))
    },
    forget() {
      code = undefined
      digest = undefined
    },
  }
}

/** Spaces, hyphens and case do not matter: the code is read off a screen and typed. */
const digestOf = (candidate: string) =>
  createHash('sha256').update(candidate.replace(/[\s-]/g, '').toUpperCase()).digest()

// Headers a proxy adds in front of the server; a request with any of them was forwarded, even when
// the proxy runs on this machine and so connects from a loopback address.
const PROXY_HEADERS = ['forwarded', 'x-real-ip', 'via']

function isLoopback(address: string | undefined) {
  if (address === undefined) return false
  const plain = address.replace(/^::ffff:/i, '')
  return plain === '::1' || (net.isIPv4(plain) && plain.startsWith('127.'))
}

/** A browser on this machine names the site by a loopback name; a rebound DNS name is refused. */
function isLoopbackHost(host: string | undefined) {
  if (host === undefined) return false
  try {
    const { hostname } = new URL(`http://${host}`)
    return hostname === 'localhost' || hostname === '[::1]' || isLoopback(hostname)
  } catch {
    return false
  }
}

/**
 * True for a request sent on this machine straight to the server: the socket's peer is a loopback
 * address, no proxy header is present, the address Fastify works out (`request.ip`, which follows
 * X-Forwarded-For only under TRUST_PROXY) is loopback too, and the Host is a loopback name.
 */
export function isFromThisMachine(request: FastifyRequest) {
  const { headers } = request
  const forwarded = Object.keys(headers).some((name) => name.startsWith('x-forwarded-') || PROXY_HEADERS.includes(name))
  return (
    !forwarded && isLoopback(request.socket.remoteAddress) && isLoopback(request.ip) && isLoopbackHost(headers.host)
  )
}

/** The setup code a request offers: the X-Setup-Code header, or else the body's `setupCode`. */
export function offeredSetupCode(request: FastifyRequest, bodyCode: string | undefined) {
  const header = request.headers[SETUP_CODE_HEADER]
  return (Array.isArray(header) ? header[0] : header) ?? bodyCode
}

/**
 * The one human line the server prints at start, on stderr beside the JSON logs: where to open the
 * site and, while it has no user, how to create the first administrator. The setup code appears
 * here and nowhere else.
 */
export function startUpLine(listening: { address: string; port: number }, setupCode: SetupCode | undefined) {
  const wildcard = listening.address === '0.0.0.0' || listening.address === '::'
  const host = wildcard ? 'localhost' : net.isIPv6(listening.address) ? `[${listening.address}]` : listening.address
  const site = `http://${host}:${listening.port}/`
  if (setupCode?.current === undefined) return `Open ${site}`
  return (
    `Open ${site} — no administrator yet: create one with "npm run user:create -- NAME" (same DATA_DIR or ` +
    `DATABASE_URL), or POST ${site}api/register {"username","password"} from this machine or with the header ` +
    `"X-Setup-Code: ${setupCode.current}" (this process's one-time code).`
  )
}
