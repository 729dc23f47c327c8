// Baseline (a): a bare node:http server answering every request with the same bytes from memory,
// started as its own process like the product. Usage: node static-server.ts FILE CONTENT-TYPE
import fs from 'node:fs'
import http from 'node:http'

const [file, contentType = 'application/json; charset=utf-8'] = process.argv.slice(2)
const body = fs.readFileSync(file!)
const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': contentType, 'content-length': body.length, etag: '"bench"' })
  response.end(body)
})
server.keepAliveTimeout = 72_000
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (address && typeof address === 'object') process.stdout.write(`${address.port}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
