// wrk (Debian's package) run on its own core: requests/s and latency percentiles of one URL.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { ensureTool } from './tools.ts'

const run = promisify(execFile)

export interface WrkResult {
  rps: number
  p50: number
  p99: number
  requests: number
  /** Socket errors (connect, read, write, timeout) plus non-2xx/3xx answers. */
  failures: number
  bytesPerRequest: number
}

/** wrk's duration notation (123.45us, 1.2ms, 3.00s) in milliseconds. */
function ms(text: string): number {
  const m = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim())
  if (!m) return NaN
  const n = Number(m[1])
  return m[2] === 'us' ? n / 1000 : m[2] === 'ms' ? n : m[2] === 's' ? n * 1000 : n * 60_000
}

/** wrk's size notation (12.34KB, 1.2MB) in bytes. */
function bytes(text: string): number {
  const m = /^([\d.]+)(B|KB|MB|GB)$/.exec(text.trim())
  if (!m) return NaN
  return Number(m[1]) * { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[m[2] as 'B']
}

export function parseWrk(output: string): WrkResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1])
  const p50 = ms(/^\s+50%\s+(\S+)/m.exec(output)?.[1] ?? '')
  const p99 = ms(/^\s+99%\s+(\S+)/m.exec(output)?.[1] ?? '')
  const total = /(\d+) requests in [\d.]+\w+, ([\d.]+\w+) read/.exec(output)
  const requests = Number(total?.[1] ?? NaN)
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output)
  const socketErrors = socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0)
  if (!Number.isFinite(rps) || !Number.isFinite(p99))
    throw new Error(`wrk output not understood: ${output.slice(0, 200)}`)
  return {
    rps,
    p50,
    p99,
    requests,
    failures: socketErrors + non2xx,
    bytesPerRequest: total ? bytes(total[2]!) / requests : NaN,
  }
}

/** `taskset -c CPU wrk -t1 -cN -dS --latency -H …` against one URL. */
export async function wrk(
  url: string,
  options: { connections: number; seconds: number; cpu?: string; headers?: Record<string, string> },
): Promise<WrkResult> {
  const binary = ensureTool('wrk')
  const headers = Object.entries(options.headers ?? {}).flatMap(([k, v]) => ['-H', `${k}: ${v}`])
  const args = [
    '-t1',
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--timeout',
    '10s',
    '--latency',
    ...headers,
    url,
  ]
  const { stdout } = options.cpu
    ? await run('taskset', ['-c', options.cpu, binary, ...args], { timeout: (options.seconds + 30) * 1000 })
    : await run(binary, args, { timeout: (options.seconds + 30) * 1000 })
  return parseWrk(stdout)
}
