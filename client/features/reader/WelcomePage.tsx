// The front page when no content is chosen: a quotation and the institute's signature.
import { welcomeTexts } from '#client/texts/reader.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'

export function WelcomePage() {
  return (
    <article className="mx-auto max-w-prose font-serif">
      <PageHeading title={welcomeTexts.heading}>{welcomeTexts.heading}</PageHeading>
      <figure className="mt-8 border-l-4 border-amber-700/60 pl-5">
        <blockquote className="text-xl leading-relaxed text-stone-800 italic">
          <p>{welcomeTexts.quotation}</p>
        </blockquote>
        <figcaption className="mt-3 text-sm text-stone-600">— {welcomeTexts.quotationSource}</figcaption>
      </figure>
      <p className="mt-8 text-right text-stone-700">{welcomeTexts.signature}</p>
    </article>
  )
}
