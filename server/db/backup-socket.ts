// `npm run backup` while the server runs: the embedded database is the server's alone (the data-dir
// lock), so the command asks the server to make the backup, over a Unix socket in DATA_DIR
// (DATA_DIR/backup.sock, HTTP: POST /backup). DATA_DIR is 0700, so only the server's own user (and
// root) can reach it: no port, no token, nothing a proxy in front of the server could forward
// (decision 060).
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { OperatorError } from '../lib/operator-error.ts'
import { makeBackup, pruneBackups } from './backup.ts'
import type { Database } from './client.ts'

export const BACKUP_SOCKET = 'backup.sock'
// sun_path's limit (data-dir-lock.ts): a longer DATA_DIR gets no socket, and the command says so.
const MAX_SOCKET_PATH = 103

export interface BackupMadeByServer {
  file: string
  pausedMs: number
}

interface Log {
  info: (details: object, message: string) => void
  warn: (details: object, message: string) => void
  error: (details: object, message: string) => void
}

const socketFile = (dataDir: string) => path.join(path.resolve(dataDir), BACKUP_SOCKET)

/**
 * Serves backup requests on DATA_DIR/backup.sock; call only while holding the data-dir lock (the
 * socket file a dead server left is removed). Answers a function that stops serving.
 */
export async function serveBackupRequests(database: Database, dataDir: string, log: Log): Promise<() => Promise<void>> {
  const file = socketFile(dataDir)
  if (Buffer.byteLength(file) > MAX_SOCKET_PATH) {
    log.warn(
      { file },
      'DATA_DIR is too long a path for the backup socket: `npm run backup` works only while the server is stopped',
    )
    return async () => {}
  }
  const server = http.createServer((request, response) => {
    const answer = (status: number, body: object) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (request.method !== 'POST' || request.url !== '/backup') return answer(404, { error: 'Not found' })
    makeBackup(database, dataDir)
      .then(({ file, pausedMs }) => {
        pruneBackups(dataDir)
        log.info({ file, pausedMs: Math.round(pausedMs) }, 'backup written (asked for by npm run backup)')
        answer(200, { file, pausedMs } satisfies BackupMadeByServer)
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'backup asked for by npm run backup failed')
        answer(500, { error: error instanceof Error ? error.message : String(error) })
      })
  })
  // A large database's backup takes minutes: no time limit on the one request.
  server.requestTimeout = 0
  fs.rmSync(file, { force: true })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(file, () => {
      server.off('error', reject)
      resolve()
    })
  })
  fs.chmodSync(file, 0o600)
  return async () => {
    await new Promise((resolve) => server.close(resolve))
    fs.rmSync(file, { force: true })
  }
}

/**
 * Asks the server running on DATA_DIR for a backup: its file, or undefined when no server listens
 * there (no socket, or one a stopped server left).
 */
export function askServerForBackup(dataDir: string): Promise<BackupMadeByServer | undefined> {
  const file = socketFile(dataDir)
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath: file, method: 'POST', path: '/backup' }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (piece: string) => (text += piece))
      response.on('end', () => {
        let body: { file?: unknown; pausedMs?: unknown; error?: unknown } = {}
        try {
          body = JSON.parse(text) as typeof body
        } catch {
          // not ours: told below
        }
        if (response.statusCode === 200 && typeof body.file === 'string') {
          resolve({ file: body.file, pausedMs: Number(body.pausedMs) })
        } else {
          const why = typeof body.error === 'string' ? body.error : `status ${response.statusCode}`
          reject(new OperatorError(`The running server could not write the backup: ${why}`))
        }
      })
    })
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined)
      else reject(new OperatorError(`Could not ask the running server for a backup at ${file}: ${error.message}`))
    })
    request.end()
  })
}
