// The canon's collections (administrators only; decision 056): an abbreviation ('SN') and its names
// in Pāli, English and Estonian with optional aliases, each of which reads as the collection in a
// typed reference ('Linked Discourses 55.37'); a book of the Khuddaka Nikāya or the Vinaya names its
// parent.
import { z } from 'zod'
import { Id, Order, Timestamp } from './common.ts'

/** A name reference reading can take: letters (any script, with diacritics), spaces, hyphens, apostrophes. */
const NAME = /^\p{L}[\p{L}\p{M} '’-]*$/u

const Name = (what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} is required`)
    .max(200, `${what} is at most 200 characters`)
    .regex(NAME, `${what} holds only letters, spaces, hyphens and apostrophes, starting with a letter`)

export const COLLECTION_ABBREVIATION_MAX = 12

export const CollectionInput = z.object({
  abbreviation: z
    .string()
    .trim()
    .min(1, 'Abbreviation is required')
    .max(COLLECTION_ABBREVIATION_MAX, `Abbreviation is at most ${COLLECTION_ABBREVIATION_MAX} characters`)
    .regex(/^\p{L}[\p{L}\p{M}]*$/u, 'Abbreviation holds only letters'),
  paliName: Name('Pāli name'),
  englishName: Name('English name'),
  estonianName: Name('Estonian name'),
  aliases: z.array(Name('Alias')).max(20, 'At most 20 aliases').default([]),
  parentId: Id.nullable().default(null),
  position: Order,
})
export type CollectionInput = z.input<typeof CollectionInput>
export type CollectionValues = z.output<typeof CollectionInput>

export const Collection = z.object({
  id: Id,
  abbreviation: z.string(),
  paliName: z.string(),
  englishName: z.string(),
  estonianName: z.string(),
  aliases: z.array(z.string()),
  parentId: Id.nullable(),
  position: z.number().int(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type Collection = z.infer<typeof Collection>

export const CollectionList = z.array(Collection)
export type CollectionList = z.infer<typeof CollectionList>
