// How a page looks while it is edited (Tailwind's reset removes heading sizes, list markers and
// quotation indents): sizes in em so the zoom buttons scale everything.
import { clsx } from 'clsx'

/** The scrolling area of either view: 400px high, the height the product gives the editor (a literal, for Tailwind). */
const editorAreaClass = 'h-[400px] w-full overflow-y-auto bg-white'

export const editorBodyClass = clsx(
  editorAreaClass,
  'font-serif leading-relaxed text-stone-900',
  '[&_h1]:mt-[0.8em] [&_h1]:mb-[0.3em] [&_h1]:text-[1.6em] [&_h1]:font-semibold',
  '[&_h2]:mt-[0.8em] [&_h2]:mb-[0.3em] [&_h2]:text-[1.35em] [&_h2]:font-semibold',
  '[&_h3]:mt-[0.7em] [&_h3]:mb-[0.25em] [&_h3]:text-[1.15em] [&_h3]:font-semibold',
  '[&_h4]:mt-[0.6em] [&_h4]:mb-[0.2em] [&_h4]:font-semibold',
  '[&_p]:my-[0.5em] [&_ul]:list-disc [&_ul]:pl-[1.5em] [&_ol]:list-decimal [&_ol]:pl-[1.5em]',
  '[&_blockquote]:my-[0.5em] [&_blockquote]:border-l-4 [&_blockquote]:border-stone-300 [&_blockquote]:pl-[1em]',
  '[&_a]:text-amber-800 [&_a]:underline [&_a[data-term]]:decoration-dotted [&_hr]:my-[1em] [&_hr]:border-stone-300',
  '[&_table]:my-[0.5em] [&_table]:border-collapse [&_td]:border [&_td]:border-stone-300 [&_td]:px-2',
  '[&_th]:border [&_th]:border-stone-300 [&_th]:px-2 [&_th]:font-semibold',
  '[&_[data-links-marker]]:my-[1em] [&_[data-links-marker]]:rounded [&_[data-links-marker]]:border-2',
  '[&_[data-links-marker]]:border-dashed [&_[data-links-marker]]:border-amber-700 [&_[data-links-marker]]:px-2',
  '[&_[data-links-marker]]:py-1 [&_[data-links-marker]]:text-center [&_[data-links-marker]]:font-sans',
  '[&_[data-links-marker]]:text-[0.8em] [&_[data-links-marker]]:text-amber-900',
  '[&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-amber-700',
  '[&_img]:inline [&_img]:h-auto [&_img]:max-w-full',
)
