// Asks before deleting a lexicon term.
import type { Term } from '#shared/api/terms.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { useDeleteTerm } from '#client/api/terms.ts'
import { DeleteItemDialog } from '../DeleteItemDialog.tsx'

export function DeleteTermDialog({ term }: { term: Pick<Term, 'id' | 'term'> }) {
  const deleteTerm = useDeleteTerm()
  return (
    <DeleteItemDialog
      name={term.term}
      placeholder="term"
      texts={adminTexts.lexicon}
      remove={() => deleteTerm.mutateAsync(term.id)}
      isPending={deleteTerm.isPending}
      failureText={() => adminTexts.lexicon.deleteFailed}
    />
  )
}
