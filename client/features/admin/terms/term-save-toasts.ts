// What the term pages tell after a save: success, or the server's message ('Failed to save term'
// when the server gave none, as for a failure of the server itself).
import { texts } from '#shared/texts.ts'
import { toast } from '#client/components/ui/use-toast.ts'
import { serverTextOr } from '../route-ids.ts'

export function toastTermSaved(kind: 'created' | 'updated') {
  toast({ title: texts.toast.success, description: texts.admin.termForm[kind] })
}

export function toastTermSaveFailed(failure: unknown) {
  toast({
    variant: 'destructive',
    title: texts.toast.error,
    description: serverTextOr(failure, texts.admin.termForm.saveFailed),
  })
}
