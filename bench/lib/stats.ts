// Small statistics over latency samples (milliseconds).
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]!
}

export const median = (samples: number[]) => percentile(samples, 50)

export const now = () => performance.now()

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = now()
  const value = await work()
  return { ms: now() - start, value }
}

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits
