import { texts } from '#shared/texts.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'

export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-prose">
      <PageHeading title={texts.notFound.heading}>{texts.notFound.heading}</PageHeading>
      <p className="mt-4 text-stone-700">{texts.notFound.text}</p>
    </section>
  )
}
