// /admin/feedback: the feedback received. Filled by a later issue; for now only the heading.
import { texts } from '#shared/texts.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'

export function FeedbackPage() {
  return <PageHeading title={texts.admin.feedback.heading}>{texts.admin.feedback.heading}</PageHeading>
}
