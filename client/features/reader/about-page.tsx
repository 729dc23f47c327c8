// What the book and chapter pages share: the id in the address, a description as written, and the
// look of their lists of links.

/** The address's id when it is a positive whole number, else null (the page then says not found). */
export function positiveId(param: string | undefined): number | null {
  return /^[1-9][0-9]{0,9}$/.test(param ?? '') && Number(param) <= 2_147_483_647 ? Number(param) : null
}

export const listLinkClass =
  'flex items-baseline justify-between gap-3 rounded px-2 py-1.5 text-stone-800 underline-offset-4 hover:bg-stone-100 hover:underline'

/** A description is plain text: its line breaks are kept, nothing in it is markup. */
export function Description({ text }: { text: string | null }) {
  if (!text?.trim()) return null
  return <p className="mt-4 whitespace-pre-line text-stone-800">{text}</p>
}
