// Lexicon terms for administrators: the paged list (every term, published or not), one term, the
// mutations and the CSV import; every change refreshes all term queries.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { QueryClient } from '@tanstack/react-query'
import { Term, TermChoices, TermImportResult, TermSuggestions, TermsPage, TermWithForms } from '#shared/api/terms.ts'
import type { TermValues } from '#shared/api/terms.ts'
import { LEXICON_PAGE_SIZE_ADMIN } from '#shared/limits.ts'
import { deleteJson, getJson, postForm, postJson, putJson } from './http.ts'

export interface AdminTermsParams {
  page: number
  search: string
}

export const termQueries = {
  all: () => ['terms'] as const,
  adminPage: ({ page, search }: AdminTermsParams) =>
    queryOptions({
      queryKey: [...termQueries.all(), 'admin', { page, search }] as const,
      queryFn: async () => {
        const query = new URLSearchParams({ page: String(page), limit: String(LEXICON_PAGE_SIZE_ADMIN) })
        if (search) query.set('search', search)
        return TermsPage.parse(await getJson<unknown>(`/api/admin/terms?${query}`))
      },
      // keep the current page on screen while the next one loads
      placeholderData: keepPreviousData,
    }),
  /** The editor's term picker (GET /api/admin/terms/picker). */
  picker: (q: string) =>
    queryOptions({
      queryKey: [...termQueries.all(), 'picker', q] as const,
      queryFn: async () =>
        TermChoices.parse(await getJson<unknown>(`/api/admin/terms/picker?${new URLSearchParams({ q })}`)).data,
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...termQueries.all(), 'detail', id] as const,
      queryFn: async () => TermWithForms.parse(await getJson<unknown>(`/api/terms/${id}`)),
    }),
}

function refreshTerms(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: termQueries.all() })
}

export function useCreateTerm() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (term: TermValues) => Term.parse(await postJson<unknown>('/api/terms', term)),
    onSuccess: () => refreshTerms(queryClient),
  })
}

export function useUpdateTerm() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, term }: { id: number; term: TermValues }) =>
      Term.parse(await putJson<unknown>(`/api/terms/${id}`, term)),
    onSuccess: () => refreshTerms(queryClient),
  })
}

export function useDeleteTerm() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteJson<unknown>(`/api/terms/${id}`),
    onSuccess: () => refreshTerms(queryClient),
  })
}

export function useImportTerms() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData()
      form.append('file', file)
      return TermImportResult.parse(await postForm<unknown>('/api/terms/import', form))
    },
    onSuccess: () => refreshTerms(queryClient),
  })
}

/** "Märgi terminid": the unmarked forms of terms in the editor's HTML (POST /api/terms/suggestions). */
export async function fetchTermSuggestions(html: string) {
  return TermSuggestions.parse(await postJson<unknown>('/api/terms/suggestions', { html })).suggestions
}
