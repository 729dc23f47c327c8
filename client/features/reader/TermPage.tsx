// /term/:id: one lexicon term, its description and forms; 'Term not found' when there is none.
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { errorTexts } from '#client/texts/common.ts'
import { readerTexts, sidePanelTexts } from '#client/texts/reader.ts'
import { ApiError } from '#client/api/http.ts'
import { readerQueries } from '#client/api/reader.ts'
import { LoadingStatus } from '#client/components/LoadingStatus.tsx'
import { PageHeading } from '#client/components/PageHeading.tsx'
import { TermUsageList } from '../lexicon/TermUsageList.tsx'
import { useFollowInApp } from './in-app-link.ts'
import './reader.css'

export function TermPage() {
  const { id } = useParams()
  const termId = /^[0-9]{1,10}$/.test(id ?? '') ? Number(id) : null
  const term = useQuery({ ...readerQueries.term(termId ?? 0), enabled: termId !== null && termId > 0 })
  const followInApp = useFollowInApp()
  if (termId === null || termId <= 0 || (term.error instanceof ApiError && term.error.code === 'not_found')) {
    return <PageHeading title={readerTexts.termNotFound}>{readerTexts.termNotFound}</PageHeading>
  }
  if (term.isPending) return <LoadingStatus />
  if (term.isError) {
    return (
      <p role="alert" className="text-red-800">
        {errorTexts.screenFailed}
      </p>
    )
  }
  return (
    <article className="mx-auto max-w-prose">
      <PageHeading title={term.data.term}>{term.data.term}</PageHeading>
      <div
        className="reader-prose mt-6"
        onClick={followInApp}
        dangerouslySetInnerHTML={{ __html: term.data.description }}
      />
      {term.data.forms && term.data.forms.length > 0 ? (
        <section aria-labelledby="term-forms-heading" className="mt-8">
          <h2 id="term-forms-heading" className="font-serif text-lg font-semibold text-stone-900">
            {readerTexts.termForms}
          </h2>
          <ul className="mt-2 grid gap-x-6 gap-y-0.5 text-sm sm:grid-cols-2" data-testid="term-forms">
            {term.data.forms.map((row) => (
              <li key={row.form} className="break-words">
                <span lang="pi" className="font-medium text-stone-900">
                  {row.form}
                </span>
                <span className="text-stone-600"> — {row.grammar}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="mt-8">
        <TermUsageList termId={termId} />
      </div>
      <p className="mt-8 text-sm">
        <Link to="/lexicon" className="text-amber-800 underline underline-offset-4">
          {sidePanelTexts.lexicon}
        </Link>
      </p>
    </article>
  )
}
