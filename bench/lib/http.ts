// A plain keep-alive HTTP client (node:http) for the API calls and latency probes, so the client's
// own cost stays small and the same for the product and its baselines.
import http from 'node:http'

export interface Answer {
  status: number
  headers: http.IncomingHttpHeaders
  body: Buffer
  ms: number
}

export class Client {
  readonly agent: http.Agent
  cookie = ''

  constructor(
    readonly base: string,
    maxSockets = 64,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets })
  }

  request(method: string, path: string, body?: Buffer | string, headers: http.OutgoingHttpHeaders = {}) {
    const url = new URL(path, this.base)
    const start = performance.now()
    return new Promise<Answer>((resolve, reject) => {
      const req = http.request(
        url,
        {
          method,
          agent: this.agent,
          headers: {
            ...(this.cookie ? { cookie: this.cookie } : {}),
            ...(body !== undefined ? { 'content-length': Buffer.byteLength(body) } : {}),
            ...headers,
          },
        },
        (res) => {
          const parts: Buffer[] = []
          res.on('data', (part: Buffer) => parts.push(part))
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(parts),
              ms: performance.now() - start,
            }),
          )
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  }

  async json<T>(method: string, path: string, payload?: unknown): Promise<T> {
    const body = payload === undefined ? undefined : JSON.stringify(payload)
    const answer = await this.request(method, path, body, body ? { 'content-type': 'application/json' } : {})
    if (answer.status >= 400) {
      throw new Error(`${method} ${path} → ${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}`)
    }
    const setCookie = answer.headers['set-cookie']
    if (setCookie) this.cookie = setCookie.map((c) => c.split(';')[0]).join('; ')
    return (answer.body.length ? JSON.parse(answer.body.toString('utf8')) : null) as T
  }

  get<T>(path: string) {
    return this.json<T>('GET', path)
  }

  post<T>(path: string, payload: unknown) {
    return this.json<T>('POST', path, payload)
  }

  close() {
    this.agent.destroy()
  }
}

/** Sends `total` requests from `connections` loops at once and returns every latency (ms). */
export async function probe(client: Client, path: string, options: { connections: number; until: () => boolean }) {
  const samples: number[] = []
  const loop = async () => {
    while (!options.until()) {
      const answer = await client.request('GET', path)
      if (answer.status !== 200) throw new Error(`GET ${path} → ${answer.status}`)
      samples.push(answer.ms)
    }
  }
  await Promise.all(Array.from({ length: options.connections }, loop))
  return samples
}

/** `count` requests one after another; the latencies in ms. */
export async function sequential(client: Client, path: string, count: number) {
  const samples: number[] = []
  for (let i = 0; i < count; i++) {
    const answer = await client.request('GET', path)
    if (answer.status !== 200) throw new Error(`GET ${path} → ${answer.status}`)
    samples.push(answer.ms)
  }
  return samples
}
