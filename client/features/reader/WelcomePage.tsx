// The front page when no content is chosen: a quotation and the institute's signature.
import { texts } from '#shared/texts.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'

export function WelcomePage() {
  return (
    <article className="mx-auto max-w-prose font-serif">
      <PageHeading title={texts.welcome.heading}>{texts.welcome.heading}</PageHeading>
      <figure className="mt-8 border-l-4 border-amber-700/60 pl-5">
        <blockquote className="text-xl leading-relaxed text-stone-800 italic">
          <p>{texts.welcome.quotation}</p>
        </blockquote>
        <figcaption className="mt-3 text-sm text-stone-600">— {texts.welcome.quotationSource}</figcaption>
      </figure>
      <p className="mt-8 text-right text-stone-700">{texts.welcome.signature}</p>
    </article>
  )
}
