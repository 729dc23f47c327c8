// Password hashing with argon2id (runs on libuv's thread pool, not the event loop).
import { hash, verify } from '@node-rs/argon2'

// OWASP's recommended argon2id settings: 19 MiB, 2 iterations, 1 lane.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => hash(password, OPTIONS)

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

// Verifying against this when the user does not exist keeps the answer time the same, so
// response times do not reveal which usernames exist.
let dummyHash: Promise<string> | undefined
export async function verifyAgainstDummy(password: string) {
  dummyHash ??= hashPassword('not-a-real-password-only-for-timing')
  await verifyPassword(await dummyHash, password)
  return false
}
