// /admin/terms/new: a new lexicon term; back to the admin lexicon once saved.
import { useNavigate } from 'react-router'
import { adminTexts } from '#client/texts/admin.ts'
import { useCreateTerm } from '#client/api/terms.ts'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { AdminBreadcrumb } from '../AdminBreadcrumb.tsx'
import { TermForm } from './TermForm.tsx'
import { toastTermSaved, toastTermSaveFailed } from './term-save-toasts.ts'

export function NewTermPage() {
  const navigate = useNavigate()
  const createTerm = useCreateTerm()
  return (
    <div className="grid max-w-3xl gap-6">
      <AdminBreadcrumb
        crumbs={[{ label: adminTexts.lexicon.heading, to: '/admin/lexicon' }, { label: adminTexts.termNew.heading }]}
      />
      <PageHeading title={adminTexts.termNew.heading}>{adminTexts.termNew.heading}</PageHeading>
      <TermForm
        saving={createTerm.isPending}
        onSave={(term) =>
          createTerm.mutate(term, {
            onSuccess: () => {
              toastTermSaved('created')
              void navigate('/admin/lexicon')
            },
            onError: toastTermSaveFailed,
          })
        }
      />
    </div>
  )
}
