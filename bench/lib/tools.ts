// Outside tools the bench measures with (wrk, nginx, taskset): found on PATH, or installed from
// Debian once per run the way .ci/run installs Chromium; null (with the reason) when that fails.
import { execFileSync, spawnSync } from 'node:child_process'

const onPath = (command: string) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).stdout.trim() || null

const attempted = new Map<string, string | null>()

/** The tool's path, installing the Debian package `pkg` when it is missing; else throws why not. */
export function ensureTool(command: string, pkg = command): string {
  const found = onPath(command)
  if (found) return found
  if (!attempted.has(pkg)) {
    let failure: string | null = null
    try {
      const sudo = process.getuid?.() === 0 ? [] : ['sudo', '-n']
      const run = (args: string[]) => {
        const [command, ...rest] = [...sudo, ...args]
        execFileSync(command!, rest, {
          stdio: ['ignore', 'ignore', 'pipe'],
          env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
          timeout: 300_000,
        })
      }
      process.stderr.write(`[bench] installing ${pkg} from Debian (apt-get install -y ${pkg})\n`)
      try {
        run(['apt-get', 'install', '-y', '--no-install-recommends', pkg])
      } catch {
        run(['apt-get', 'update'])
        run(['apt-get', 'install', '-y', '--no-install-recommends', pkg])
      }
    } catch (error) {
      failure = `${pkg} missing and apt-get install failed (${error instanceof Error ? error.message.split('\n')[0]!.slice(0, 100) : error})`
    }
    attempted.set(pkg, failure)
  }
  const after = onPath(command)
  if (after) return after
  throw new Error(attempted.get(pkg) ?? `${command} not found after installing ${pkg}`)
}

/** Pins every thread of a running process to these CPUs (taskset -a -p); false when taskset refused. */
export function pinProcess(pid: number, cpus: string): boolean {
  return spawnSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' }).status === 0
}

/** All CPUs, as taskset's list (to undo a pin). */
export const allCpus = (count: number) => (count > 1 ? `0-${count - 1}` : '0')
