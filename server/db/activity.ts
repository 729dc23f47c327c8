// What the embedded database's one thread is doing, shared between that thread (db/pglite-worker.ts
// writes it) and the server's (the health check reads it) without a message: a running statement
// keeps the database's thread busy, so it could not answer one.

/** Slots of a Float64Array over the shared buffer, in epoch milliseconds. */
const BUSY_SINCE = 0
const LAST_FINISHED = 1

/** Epoch milliseconds: when the running statement began (null while idle), when the last one finished. */
export interface DatabaseActivity {
  busySince: number | null
  lastFinished: number
}

export function newActivityBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(2 * Float64Array.BYTES_PER_ELEMENT)
}

/** The database thread's side: marks each statement's start and end. */
export function activityWriter(buffer: SharedArrayBuffer) {
  const slots = new Float64Array(buffer)
  return {
    started() {
      slots[BUSY_SINCE] = Date.now()
    },
    finished() {
      slots[LAST_FINISHED] = Date.now()
      slots[BUSY_SINCE] = 0
    },
  }
}

/** The server's side. */
export function activityReader(buffer: SharedArrayBuffer): () => DatabaseActivity {
  const slots = new Float64Array(buffer)
  return () => ({ busySince: slots[BUSY_SINCE] || null, lastFinished: slots[LAST_FINISHED]! })
}
