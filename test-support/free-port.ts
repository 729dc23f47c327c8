// A port nothing listens on right now, chosen by the system (listen on port 0, then close). The
// tests that start the server as a process of its own use it, instead of a port worked out from their
// pid, which can be the port another test's server or a client connection already holds.
import net from 'node:net'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}
