// /admin/terms/edit/:id: edit a lexicon term; back to the admin lexicon once saved.
import { useQuery } from '@tanstack/react-query'
import { useNavigate, useParams } from 'react-router'
import type { Term } from '#shared/api/terms.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { siteTexts } from '#client/texts/common.ts'
import { termQueries, useUpdateTerm } from '#client/api/terms.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { AdminBreadcrumb } from '../AdminBreadcrumb.tsx'
import { isNotFound, parseRouteId } from '../route-ids.ts'
import { FailureMessage, LoadingMessage } from '../ScreenMessage.tsx'
import { TermUsageList } from '../../lexicon/TermUsageList.tsx'
import { TermForm } from './TermForm.tsx'
import { toastTermSaved, toastTermSaveFailed } from './term-save-toasts.ts'

export function EditTermPage() {
  const termId = parseRouteId(useParams().id)
  if (termId === null) return <TermNotFound />
  return <LoadedTerm termId={termId} />
}

function LoadedTerm({ termId }: { termId: number }) {
  const term = useQuery(termQueries.detail(termId))
  if (term.isPending) return <LoadingMessage>{siteTexts.loading}</LoadingMessage>
  if (term.isError) {
    return isNotFound(term.error) ? (
      <TermNotFound />
    ) : (
      <FailureMessage>{adminTexts.termForm.fetchFailed}</FailureMessage>
    )
  }
  return <EditTerm term={term.data} />
}

function EditTerm({ term }: { term: Term }) {
  const navigate = useNavigate()
  const updateTerm = useUpdateTerm()
  return (
    <div className="grid max-w-3xl gap-6">
      <AdminBreadcrumb crumbs={[{ label: adminTexts.lexicon.heading, to: '/admin/lexicon' }, { label: term.term }]} />
      <PageHeading title={adminTexts.termEdit.heading}>{adminTexts.termEdit.heading}</PageHeading>
      <TermForm
        term={term}
        saving={updateTerm.isPending}
        onSave={(values) =>
          updateTerm.mutate(
            { id: term.id, term: values },
            {
              onSuccess: () => {
                toastTermSaved('updated')
                void navigate('/admin/lexicon')
              },
              onError: toastTermSaveFailed,
            },
          )
        }
      />
      <TermUsageList termId={term.id} />
    </div>
  )
}

function TermNotFound() {
  return (
    <div className="grid gap-4">
      <AdminBreadcrumb
        crumbs={[{ label: adminTexts.lexicon.heading, to: '/admin/lexicon' }, { label: adminTexts.termForm.notFound }]}
      />
      <h1 className="font-serif text-2xl font-semibold text-stone-900">{adminTexts.termForm.notFound}</h1>
    </div>
  )
}
