import { notFoundTexts } from '#client/texts/common.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'

export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-prose">
      <PageHeading title={notFoundTexts.heading}>{notFoundTexts.heading}</PageHeading>
      <p className="mt-4 text-stone-700">{notFoundTexts.text}</p>
    </section>
  )
}
