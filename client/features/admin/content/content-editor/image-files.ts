// Which of the files pasted, dropped or chosen are pictures to upload, and whether one is too large
// before it is sent (the server decides from the bytes; this only spares a pointless upload).
import { IMAGE_MAX_BYTES } from '#shared/limits.ts'

const PICTURE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif'])
const PICTURE_NAME = /\.(?:jpe?g|png|webp|gif)$/i

export type FileVerdict = 'picture' | 'not-a-picture' | 'too-large'

export function fileVerdict(file: { type: string; name: string; size: number }): FileVerdict {
  // Some systems give no type: the name decides then (the server checks the bytes anyway).
  const looksLikePicture = file.type === '' ? PICTURE_NAME.test(file.name) : PICTURE_TYPES.has(file.type.toLowerCase())
  if (!looksLikePicture) return 'not-a-picture'
  return file.size > IMAGE_MAX_BYTES ? 'too-large' : 'picture'
}

/** The files of a paste or a drop that are images at all (any image type: the server names what it takes). */
export function imageFilesOf(files: FileList | readonly File[] | null | undefined): File[] {
  return Array.from(files ?? []).filter((file) => file.type.startsWith('image/') || PICTURE_NAME.test(file.name))
}
