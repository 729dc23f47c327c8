// The CSV import: choose a file, import it, and see how many terms were created, updated and
// rejected (with the line and reason of each rejected row).
import { useId, useState } from 'react'
import type { FormEvent } from 'react'
import type { TermImportResult } from '#shared/api/terms.ts'
import { fill } from '#shared/text/fill.ts'
import { adminTexts } from '#client/texts/admin.ts'
import { useImportTerms } from '#client/api/terms.ts'
import { Button } from '#client/components/ui/Button.tsx'
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from '#client/components/ui/Dialog.tsx'
import { FieldError } from '#client/components/ui/FormField.tsx'
import { Label } from '#client/components/ui/Label.tsx'
import { serverTextOr } from '../route-ids.ts'
import { asCsvUpload, isCsvFile } from './csv-file.ts'

export function TermImportDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary">{adminTexts.lexicon.import}</Button>
      </DialogTrigger>
      <DialogContent title={adminTexts.termImport.title} description={adminTexts.termImport.description}>
        <TermImportForm />
      </DialogContent>
    </Dialog>
  )
}

function TermImportForm() {
  const id = useId()
  const importTerms = useImportTerms()
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string>()
  const t = adminTexts.termImport
  const failure = importTerms.isError ? serverTextOr(importTerms.error, t.failure) : undefined
  const shownError = fileError ?? failure

  function choose(chosen: File | null) {
    importTerms.reset()
    setFile(chosen)
    setFileError(chosen && !isCsvFile(chosen) ? t.notCsv : undefined)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!file) return setFileError(t.chooseFile)
    if (!isCsvFile(file)) return setFileError(t.notCsv)
    importTerms.mutate(asCsvUpload(file))
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <div className="grid gap-1">
        <Label htmlFor={id}>{t.file}</Label>
        <input
          id={id}
          type="file"
          accept=".csv,text/csv"
          aria-invalid={Boolean(shownError)}
          aria-describedby={shownError ? `${id}-error` : undefined}
          disabled={importTerms.isPending}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
          className="text-sm file:mr-3 file:rounded-md file:border file:border-stone-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
        />
        <FieldError id={`${id}-error`} message={shownError} />
      </div>
      {importTerms.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-stone-700">
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-stone-300 border-t-stone-800"
          />
          {t.running}
        </p>
      ) : null}
      {importTerms.data ? <TermImportReport result={importTerms.data} /> : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            {t.close}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={importTerms.isPending} aria-busy={importTerms.isPending}>
          {importTerms.isPending ? t.running : t.submit}
        </Button>
      </DialogFooter>
    </form>
  )
}

function TermImportReport({ result }: { result: TermImportResult }) {
  const t = adminTexts.termImport
  return (
    <div role="status" className="grid gap-2 rounded-md border border-stone-200 bg-stone-50 p-3 text-sm">
      <p className="font-medium">{fill(t.done, { imported: result.imported })}</p>
      <p>{fill(t.summary, { created: result.created, updated: result.updated, rejected: result.rejected.length })}</p>
      {result.rejected.length > 0 ? (
        <div>
          <p className="font-medium">{t.rejectedHeading}</p>
          <ul className="mt-1 max-h-48 list-disc overflow-y-auto pl-5 text-red-800">
            {result.rejected.map((row) => (
              <li key={`${row.line}-${row.error}`}>{fill(t.rejectedRow, { line: row.line, error: row.error })}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}
