// The preview of a Word import: the file checked, converted in the processing worker, its pictures
// stored in the picture library (one copy per content, alt text kept), and for an existing page the
// comparison with its current text. Nothing else is stored: the editor saves the HTML the usual way.
// The answer names the pictures it added to the library, so that the dialog can remove those the
// editor does not take (decision 062).
import type { CurrentUser } from '#shared/api/auth.ts'
import type { WordPreview, WordWarning } from '#shared/api/word.ts'
import { IMAGE_ALT_MAX_CHARS } from '#shared/limits.ts'
import { joinLinks, splitLinks } from '#shared/text/links-section.ts'
import type { Db } from '../../../db/client.ts'
import { AppError } from '../../../http/errors.ts'
import type { ContentContext } from '../../content/content-state.ts'
import { storedLinksSection } from '../../content/reader/index.ts'
import { compareWithUnsaved, currentVersionOf } from '../../content/revisions/index.ts'
import { changeImageAlt, removeImagesNotShown, uploadImage } from '../../images/images.service.ts'
import { WORD_FILE_REFUSED, type DocxPicture, type WordRefusal } from './docx-convert.ts'
import { checkDocxFile, DOCX_MESSAGES } from './docx-file.ts'

export interface WordFile {
  bytes: Buffer
  fileName: string
}

export async function previewWordImport(
  content: ContentContext,
  user: CurrentUser,
  file: WordFile,
  contentId: number | undefined,
  /** True once the client has gone: nobody will see the preview, so the pictures it added go again. */
  clientGone: () => boolean = () => false,
  /** Where a failed removal of those pictures is told (the request's logger). */
  log: PictureCleanupLog = { warn: () => undefined },
): Promise<WordPreview> {
  // Every check that can refuse comes before any work that stores something.
  const directory = checkDocxFile(file.bytes)
  const current = contentId === undefined ? undefined : await currentVersionOf(content, contentId)

  let converted
  try {
    // A copy of its own, moved to the worker (the upload's buffer may share memory with others).
    converted = await content.worker.convertWord({
      bytes: new Uint8Array(file.bytes),
      directory,
      fileName: file.fileName,
    })
  } catch (error) {
    if (error instanceof Error && error.name === WORD_FILE_REFUSED) throw refusal(error.message as WordRefusal)
    // The worker ran out of its memory on this document: it is too large to convert, not a failure.
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw refusal('bomb')
    throw error
  }

  const warnings = [...converted.warnings]
  let html = converted.html
  const addedPictures: number[] = []
  try {
    for (const [index, picture] of converted.pictures.entries()) {
      const name = `${file.fileName.replace(/\.docx$/i, '')}, pilt ${index + 1}`
      const stored = await storePicture(content.db, user, picture, name)
      if (stored?.added) addedPictures.push(stored.id)
      html = stored
        ? html.replaceAll(`src="${picture.placeholder}"`, `src="${stored.url}"`)
        : withoutPicture(html, picture.placeholder, warnings)
    }
    const pictures = converted.pictures.length === 0 ? converted.counts.pictures : countPictures(html)
    // A document without a links section of its own (one the translator wrote, not one the Word
    // export made) keeps the page's: its sources and licence are not in the Word file.
    let linksKept = false
    if (current && contentId !== undefined && current.buildId !== null && splitLinks(html).links === null) {
      const links = await storedLinksSection(content, contentId, current.buildId)
      if (links) {
        html = joinLinks(html, links)
        linksKept = true
      }
    }
    const preview: WordPreview = {
      html,
      title: converted.title,
      counts: { ...converted.counts, pictures },
      warnings,
      addedPictures,
      linksKept,
    }
    if (current) {
      // The comparison is of the main text, as between two versions.
      preview.compare = await compareWithUnsaved(content, current, {
        title: converted.title,
        content: splitLinks(html).main,
        savedBy: user.username,
      })
    }
    if (clientGone()) await removePictures(content.db, user, addedPictures, log)
    return preview
  } catch (error) {
    // No preview, so no editor will use the pictures this one added: they go again.
    await removePictures(content.db, user, addedPictures, log)
    throw error
  }
}

export interface PictureCleanupLog {
  warn(details: object, message: string): void
}

/**
 * Removes pictures a preview added, each unless a page shows it meanwhile. Best effort: the answer
 * or error stands, and a picture left behind shows as unused in the picture library; the failure is
 * logged so that it is seen.
 */
async function removePictures(db: Db, user: CurrentUser, ids: number[], log: PictureCleanupLog) {
  if (ids.length === 0) return
  await removeImagesNotShown(db, user, ids).catch((error: unknown) =>
    log.warn({ err: error, imageIds: ids }, 'word import: pictures of an unused preview not removed'),
  )
}

function refusal(reason: WordRefusal): AppError {
  return reason === 'bomb'
    ? new AppError(413, 'too_large', DOCX_MESSAGES.bomb)
    : new AppError(415, 'unsupported_media_type', DOCX_MESSAGES.damaged)
}

/**
 * The picture in the library, stored once per content (the library finds a file it has by its
 * hash), with the document's alt text where the library's copy has none, and whether this import
 * added it; undefined for a file the library cannot read.
 */
async function storePicture(db: Db, user: CurrentUser, picture: DocxPicture, name: string) {
  let image
  try {
    image = await uploadImage(db, user, Buffer.from(picture.bytes), name)
  } catch (error) {
    if (error instanceof AppError && error.status === 415) return undefined
    throw error
  }
  const alt = picture.alt.slice(0, IMAGE_ALT_MAX_CHARS)
  if (alt !== '' && image.alt === '') await changeImageAlt(db, user, image.id, alt)
  return { id: image.id, url: image.url, added: !image.existing }
}

function withoutPicture(html: string, placeholder: string, warnings: WordWarning[]): string {
  const message = 'Pilt, mida pildikogu ei suutnud lugeda, jäi välja.'
  const known = warnings.find((warning) => warning.message === message)
  if (known) known.count++
  else warnings.push({ code: 'picture_skipped', message, count: 1 })
  return html.replace(new RegExp(`<img [^>]*src="${placeholder}"[^>]*>`, 'g'), '')
}

/** Pictures of the text and its links section, as the converter counts them (not the notes'). */
function countPictures(html: string): number {
  const { main, links } = splitLinks(html)
  const notes = main.indexOf('\n<hr>\n<p><a href="#_ftnref')
  const counted = (notes === -1 ? main : main.slice(0, notes)) + (links ?? '')
  return (counted.match(/<img /g) ?? []).length
}
