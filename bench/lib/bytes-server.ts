// Baseline (a) for the wrk row: a bare node:http server answering every request with the bytes and
// headers of one product answer (body file + JSON headers file), in a process of its own.
// Usage: node bytes-server.ts BODY-FILE HEADERS-FILE
import fs from 'node:fs'
import http from 'node:http'

const [bodyFile, headersFile] = process.argv.slice(2)
const body = fs.readFileSync(bodyFile!)
const headers = {
  ...(JSON.parse(fs.readFileSync(headersFile!, 'utf8')) as Record<string, string>),
  'content-length': String(body.length),
}
const server = http.createServer((_request, response) => {
  response.writeHead(200, headers)
  response.end(body)
})
server.keepAliveTimeout = 72_000
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (address && typeof address === 'object') process.stdout.write(`${address.port}\n`)
})
process.on('SIGTERM', () => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
})
