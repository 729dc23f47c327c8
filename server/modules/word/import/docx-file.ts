// What a file sent for Word import is, told from its bytes before anything is unpacked: a .docx (a
// zip holding `[Content_Types].xml` and `word/document.xml`), or an old .doc, a PDF, a password-locked
// Word file, a zip bomb or anything else, each refused with its own message. The zip's directory is
// read with fflate without inflating a byte; the worker then checks that no part unpacks to more than
// the directory said (docx-convert.ts), so a lying directory is caught before the converter reads it.
import { unzipSync } from 'fflate'
import { DOCX_MAX_BYTES, DOCX_MAX_PACKING_RATIO, DOCX_MAX_PARTS, DOCX_MAX_UNPACKED_BYTES } from '#shared/limits.ts'
import { AppError } from '../../../http/errors.ts'

const MAX_MEGABYTES = DOCX_MAX_BYTES / 1024 / 1024

export const DOCX_MESSAGES = {
  missing: 'Vali imporditav Wordi fail (.docx).',
  tooLarge: `Fail on liiga suur: Wordi fail võib olla kuni ${MAX_MEGABYTES} MB.`,
  notDocx: 'See ei ole Wordi .docx-fail. Salvesta dokument Wordis kujul „Wordi dokument (*.docx)” ja proovi uuesti.',
  oldDoc: 'See on vana Wordi .doc-fail. Ava see Wordis, salvesta kujul „Wordi dokument (*.docx)” ja proovi uuesti.',
  pdf: 'See on PDF-fail, mitte Wordi dokument. Impordi .docx-fail.',
  encrypted:
    'Dokument on parooliga kaitstud. Eemalda Wordis parool (Fail › Teave › Kaitse dokumenti) ja proovi uuesti.',
  bomb: 'Faili sisu on lahtipakituna liiga suur või kahtlaselt tihedalt pakitud; seda ei impordita.',
  damaged: 'Faili ei õnnestunud lugeda: .docx-fail on vigane.',
} as const

/** The zip's parts as its central directory lists them: name → unpacked size in bytes. */
export type DocxDirectory = Map<string, number>

const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04]
const OLE_COMPOUND_FILE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d] // %PDF-
/** The stream a password-locked Office file keeps its key data in, as its directory spells it (UTF-16LE). */
const ENCRYPTION_INFO = Buffer.from('EncryptionInfo', 'utf16le')
/** Parts this small may pack as tightly as they like (a run of spaces packs 1000 to 1). */
const RATIO_FREE_BYTES = 1024 * 1024

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, at) => bytes[at] === byte)

const unsupported = (message: string) => new AppError(415, 'unsupported_media_type', message)

/**
 * The directory of a .docx, or an AppError: 415 for what is not one (413 past the limits on its
 * unpacked size, its packing ratio or its number of parts; 415 `encrypted_document` for a locked one).
 */
export function checkDocxFile(bytes: Buffer): DocxDirectory {
  if (bytes.length > DOCX_MAX_BYTES) throw new AppError(413, 'too_large', DOCX_MESSAGES.tooLarge)
  if (startsWith(bytes, OLE_COMPOUND_FILE)) {
    // An encrypted .docx is an OLE compound file with an EncryptionInfo stream; any other is an old .doc (or .xls …).
    if (bytes.includes(ENCRYPTION_INFO)) throw new AppError(415, 'encrypted_document', DOCX_MESSAGES.encrypted)
    throw unsupported(DOCX_MESSAGES.oldDoc)
  }
  if (startsWith(bytes, PDF)) throw unsupported(DOCX_MESSAGES.pdf)
  if (!startsWith(bytes, ZIP_LOCAL_HEADER)) throw unsupported(DOCX_MESSAGES.notDocx)

  const directory: DocxDirectory = new Map()
  let unpacked = 0
  let bomb = false
  try {
    // The filter sees each entry of the central directory and answers false: nothing is inflated.
    unzipSync(bytes, {
      filter({ name, size, originalSize }) {
        unpacked += originalSize
        if (originalSize > RATIO_FREE_BYTES && originalSize > size * DOCX_MAX_PACKING_RATIO) bomb = true
        directory.set(name, originalSize)
        return false
      },
    })
  } catch {
    throw unsupported(DOCX_MESSAGES.damaged)
  }
  if (bomb || unpacked > DOCX_MAX_UNPACKED_BYTES || directory.size > DOCX_MAX_PARTS) {
    throw new AppError(413, 'too_large', DOCX_MESSAGES.bomb)
  }
  if (!directory.has('[Content_Types].xml') || !directory.has('word/document.xml')) {
    throw unsupported(DOCX_MESSAGES.notDocx)
  }
  return directory
}
