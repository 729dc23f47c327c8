// The bench's child processes (servers, nginx, readers, busy loops) end with it. Stopped by Ctrl+C
// or `kill`, node would otherwise leave them running: a server left from an interrupted run takes a
// core and skews the next run's figures.
import type { ChildProcess } from 'node:child_process'

const running = new Set<ChildProcess>()
let listening = false

/** Kills every tracked child that is still running. */
function killAll() {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
}

/** Keeps `child` until it exits; on SIGINT, SIGTERM or the bench's exit, it is killed. */
export function track<T extends ChildProcess>(child: T): T {
  running.add(child)
  child.once('exit', () => running.delete(child))
  if (!listening) {
    listening = true
    process.once('exit', killAll)
    for (const [signal, number] of [
      ['SIGINT', 2],
      ['SIGTERM', 15],
    ] as const) {
      process.once(signal, () => {
        killAll()
        process.exit(128 + number)
      })
    }
  }
  return child
}
