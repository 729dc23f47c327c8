// One HTTP/1.1 request sent exactly as written over its own socket, for tests of how the server
// reads odd spellings of paths that an HTTP client would normalise first.
import net from 'node:net'

export interface RawAnswer {
  status: number
  headers: string
  body: string
}

/** Sends one request exactly as written and reads the answer until the server closes. */
export function rawRequest(
  port: number,
  method: string,
  target: string,
  extraHeaders: string[] = [],
): Promise<RawAnswer> {
  const body = ['POST', 'PUT', 'PATCH'].includes(method) ? '{}' : ''
  const lines = [
    `${method} ${target} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: close',
    ...(body ? ['Content-Type: application/json'] : []),
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...extraHeaders,
  ]
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1')
    const received: Buffer[] = []
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${method} ${target}`)))
    socket.on('data', (data) => received.push(data))
    socket.on('error', reject)
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('utf8')
      const [head = '', ...rest] = text.split('\r\n\r\n')
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        headers: head,
        body: rest.join('\r\n\r\n'),
      })
    })
    // write, not end: a half-closed socket may be dropped before a slower answer is sent
    socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`)
  })
}
