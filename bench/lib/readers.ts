// Readers without pause, in a process of their own (so they cannot slow the bench's own client):
// autocannon with N connections cycling through the given paths until SIGTERM, then one JSON line
// with what they did. Usage: node readers.ts BASE-URL CONNECTIONS PATH…
import autocannon from 'autocannon'

const [base, connections, ...paths] = process.argv.slice(2)
const instance = autocannon(
  {
    url: base!,
    connections: Number(connections),
    duration: 3600,
    pipelining: 1,
    requests: paths.map((path) => ({ method: 'GET', path, headers: { 'accept-encoding': 'gzip' } })),
  },
  (error, result) => {
    if (error) {
      process.stdout.write(`${JSON.stringify({ error: String(error) })}\n`)
      process.exit(1)
    }
    process.stdout.write(
      `${JSON.stringify({
        requests: result.requests.total,
        rps: result.requests.average,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
      })}\n`,
    )
    process.exit(0)
  },
)
process.on('SIGTERM', () => instance.stop())
process.stdout.write('started\n')
