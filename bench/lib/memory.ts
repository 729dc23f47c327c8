// Memory of the server process per phase: the peak (VmHWM) since the phase began and the resident
// set (VmRSS) at its end. The peak is reset by writing "5" to /proc/<pid>/clear_refs (Linux ≥ 4.0,
// same user); where that is refused, RSS sampled every 20 ms stands in for it (and can miss a peak
// shorter than that). Both include the embedded database's worker thread: it is one process.
import fs from 'node:fs'
import type { Figure } from './results.ts'

export interface PhaseMemory {
  /** MB, the highest resident set during the phase. */
  peakMb: number
  /** MB, resident at the end of the phase. */
  endMb: number
  /** How the peak was found: 'VmHWM' (kernel, exact) or 'sampled' (every 20 ms). */
  method: 'VmHWM' | 'sampled'
}

/** VmRSS and VmHWM of a process, in MB (Linux), or null without /proc. */
export function readMemory(pid: number): { rssMb: number; peakMb: number } | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN)
    return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 }
  } catch {
    return null
  }
}

function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

/** Runs `work` and answers with its result and the server's memory during it (null without /proc). */
export async function duringPhase<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; memory: PhaseMemory | null }> {
  const reset = resetPeak(pid)
  let sampledMax = 0
  const sample = () => {
    const now = readMemory(pid)
    if (now) sampledMax = Math.max(sampledMax, now.rssMb)
  }
  sample()
  const timer = setInterval(sample, 20)
  try {
    const result = await work()
    sample()
    const end = readMemory(pid)
    if (!end) return { result, memory: null }
    // After a reset VmHWM is the phase's peak, exact; else the sampled maximum is all there is.
    const peakMb = reset ? Math.max(end.peakMb, sampledMax) : sampledMax
    return { result, memory: { peakMb, endMb: end.rssMb, method: reset ? 'VmHWM' : 'sampled' } }
  } finally {
    clearInterval(timer)
  }
}

/** One row per phase: the server's peak during it (and resident at its end, in the note). */
export function phaseMemoryFigure(phase: string, label: string, memory: PhaseMemory, limit?: number): Figure {
  return {
    figure: `peak memory, ${phase} [${label}]`,
    value: memory.peakMb,
    unit: 'MB',
    baseline: null,
    ratio: null,
    target: limit === undefined ? 'reported' : `≤ ${limit} MB`,
    pass: limit === undefined ? null : memory.peakMb <= limit,
    note: `${memory.method === 'VmHWM' ? 'VmHWM after clear_refs' : 'RSS sampled every 20 ms'}; ${memory.endMb.toFixed(0)} MB resident at its end`,
  }
}
