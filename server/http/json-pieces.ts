// A JSON answer with long strings in it (a page's 9 MB body, twice) sent as a stream of pieces: each
// long string is escaped a slice at a time, with a turn of the event loop between slices, so no single
// step holds the server for long (JSON.stringify, Buffer.byteLength and one big socket write of an
// 18 MB answer held it for about 250 ms, and every reader waited). The text is the same as
// JSON.stringify(value) gives.
import { Readable } from 'node:stream'
import { setImmediate as nextTurn } from 'node:timers/promises'

/** Characters escaped per step: ~1 MB of text, a few milliseconds. */
export const JSON_SLICE_CHARS = 512 * 1024

/** Strings shorter than this go out with the rest of the object in one piece. */
const LONG_STRING_CHARS = 64 * 1024

/** Whether `text` has the two halves of a surrogate pair on either side of `at`. */
function splitsPair(text: string, at: number) {
  const before = text.charCodeAt(at - 1)
  const after = text.charCodeAt(at)
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff
}

/**
 * The JSON text of `value` (an object whose values are plain JSON values) in pieces: the object
 * with its long strings left out, then each long string a slice at a time. A slice never ends
 * between the two halves of a surrogate pair, so what is escaped equals the whole string escaped.
 */
export async function* jsonPieces(
  value: Record<string, unknown>,
  sliceChars = JSON_SLICE_CHARS,
): AsyncGenerator<Buffer> {
  let text = '{'
  let first = true
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue
    text += `${first ? '' : ','}${JSON.stringify(key)}:`
    first = false
    if (typeof field !== 'string' || field.length < LONG_STRING_CHARS) {
      text += JSON.stringify(field)
      continue
    }
    text += '"'
    for (let at = 0; at < field.length;) {
      let end = Math.min(at + sliceChars, field.length)
      if (end < field.length && splitsPair(field, end)) end += end - at > 1 ? -1 : 1
      const escaped = JSON.stringify(field.slice(at, end))
      yield Buffer.from(text + escaped.slice(1, -1))
      text = ''
      at = end
      await nextTurn()
    }
    text += '"'
  }
  yield Buffer.from(`${text}}`)
}

/** jsonPieces as a byte stream for reply.send (with the JSON content type set by the caller). */
export function jsonStream(value: Record<string, unknown>, sliceChars = JSON_SLICE_CHARS): Readable {
  return Readable.from(jsonPieces(value, sliceChars), { objectMode: false })
}
