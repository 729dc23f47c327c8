// Counting what the app asks its database: statements its pool runs while some work runs.
import type { TestContext } from './test-app.ts'

/** Statements the app's pool runs while `work` runs. */
export async function queriesDuring(ctx: Pick<TestContext, 'database'>, work: () => Promise<unknown>) {
  let count = 0
  const onAcquire = () => count++
  ctx.database.pool.on('acquire', onAcquire)
  try {
    await work()
  } finally {
    ctx.database.pool.off('acquire', onAcquire)
  }
  return count
}
