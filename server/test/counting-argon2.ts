// Counting the passwords the app hashes, for tests that check nothing is hashed before an access
// check: the real argon2 still hashes each one. A test file mocks the module with it (vi.mock is
// hoisted above imports, so the factory imports this module itself):
//   vi.mock('@node-rs/argon2', async (real) => (await import('../../test/counting-argon2.ts')).countingArgon2(real))
// and reads `argon2Hashes.count`.
import type * as Argon2 from '@node-rs/argon2'

/** How many passwords were hashed since the test file started. */
export const argon2Hashes = { count: 0 }

/** The argon2 module with `hash` counted. */
export async function countingArgon2(importOriginal: <T>() => Promise<T>): Promise<typeof Argon2> {
  const real = await importOriginal<typeof Argon2>()
  return {
    ...real,
    hash: (...args: Parameters<typeof real.hash>) => {
      argon2Hashes.count++
      return real.hash(...args)
    },
  }
}
