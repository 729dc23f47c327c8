// What the term pages tell after a save: success, or the server's message ('Failed to save term'
// when the server gave none, as for a failure of the server itself).
import { adminTexts } from '#client/texts/admin.ts'
import { toastTexts } from '#client/texts/common.ts'
import { toast } from '#client/components/ui/use-toast.ts'
import { serverTextOr } from '../route-ids.ts'

export function toastTermSaved(kind: 'created' | 'updated') {
  toast({ title: toastTexts.success, description: adminTexts.termForm[kind] })
}

export function toastTermSaveFailed(failure: unknown) {
  toast({
    variant: 'destructive',
    title: toastTexts.error,
    description: serverTextOr(failure, adminTexts.termForm.saveFailed),
  })
}
