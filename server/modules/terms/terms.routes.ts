// /api/terms… and /api/admin/terms (contract: shared/api/terms.ts). Visitors see published terms only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { IdParams } from '#shared/api/common.ts'
import { LEXICON_PAGE_SIZE_ADMIN, LEXICON_PAGE_SIZE_PUBLIC, TERM_SUGGESTIONS_HTML_MAX_CHARS } from '#shared/limits.ts'
import {
  LetterParams,
  Letters,
  Term,
  TermInput,
  TermsPage,
  TermsQuery,
  TermsResponse,
  TermChoices,
  TermLookup,
  TermLookupQuery,
  TermPickerQuery,
  TermSuggestions,
  TermSuggestionsInput,
  TermWithForms,
} from '#shared/api/terms.ts'
import type { Db } from '../../db/client.ts'
import { notFound } from '../../http/errors.ts'
import { pageOf, pageResult } from '../../lib/paging.ts'
import type { TextCache } from '../../lib/text-cache.ts'
import type { TermLookupIndex } from './term-lookup.ts'
import { suggestTermsInSlices } from './term-suggestions.ts'
import { toTerm } from './terms.presenter.ts'
import { findTerm, listTerms, pageTerms, pickTerms } from './terms.repo.ts'
import { changeTerm, createTerm, letters, removeTerm, termsUnderLetter, withForms } from './terms.service.ts'

/**
 * Term suggestions' body: the HTML's characters at up to 4 bytes each in JSON (3 in UTF-8, or an
 * escaped quote or newline), and the JSON around them. Beyond the characters' limit and under this
 * one the answer is the schema's 400; beyond this, 413.
 */
const SUGGESTIONS_BODY_LIMIT = TERM_SUGGESTIONS_HTML_MAX_CHARS * 4 + 1024

export const termsRoutes: FastifyPluginAsyncZod<{
  db: Db
  termDescriptions: TextCache
  /** The app's lookup index, told of every write here. */
  termLookup: TermLookupIndex
}> = async (app, { db, termDescriptions, termLookup }) => {
  const present = <T extends { description: string }>(term: T) => toTerm(termDescriptions, term)

  app.get(
    '/api/terms',
    {
      config: { access: 'public', cost: { grows: 'library', bounds: ['cache'] } },
      schema: { querystring: TermsQuery, response: { 200: TermsResponse } },
    },
    async (request) => {
      const { page, limit, search } = request.query
      const filter = { publishedOnly: request.user === null, search }
      if (page === undefined && limit === undefined && search === undefined) {
        return (await listTerms(db, filter)).map(present)
      }
      const paging = pageOf(request.query, LEXICON_PAGE_SIZE_PUBLIC)
      const { rows, total } = await pageTerms(db, filter, paging)
      return pageResult(rows.map(present), total, paging)
    },
  )

  app.get(
    '/api/admin/terms',
    { config: { access: 'admin' }, schema: { querystring: TermsQuery, response: { 200: TermsPage } } },
    async (request) => {
      const paging = pageOf(request.query, LEXICON_PAGE_SIZE_ADMIN)
      const { rows, total } = await pageTerms(db, { publishedOnly: false, search: request.query.search }, paging)
      return pageResult(rows.map(present), total, paging)
    },
  )

  app.get(
    '/api/admin/terms/picker',
    { config: { access: 'admin' }, schema: { querystring: TermPickerQuery, response: { 200: TermChoices } } },
    async (request) => ({ data: await pickTerms(db, request.query.q.trim(), request.query.limit) }),
  )

  app.get(
    '/api/terms/letters',
    { config: { access: 'public', cost: 'rows' }, schema: { response: { 200: Letters } } },
    async (request) => {
      return letters(db, { publishedOnly: request.user === null })
    },
  )

  app.get(
    '/api/terms/by-letter/:letter',
    {
      config: { access: 'public', cost: { grows: 'library', bounds: ['cache'] } },
      schema: { params: LetterParams, response: { 200: z.array(Term) } },
    },
    async (request) => {
      return (await termsUnderLetter(db, request.params.letter, { publishedOnly: request.user === null })).map(present)
    },
  )

  // Any word of a text read as a form of a term, from the app's index in memory: fixed work per word
  // (at most 100 characters, its readings and a compound of at most 4 parts), but for the similar
  // terms when nothing matched, a scan of the headwords (decision 055).
  app.get(
    '/api/terms/lookup',
    {
      config: { access: 'public', cost: { grows: 'library', bounds: ['cache'] } },
      schema: { querystring: TermLookupQuery, response: { 200: TermLookup } },
    },
    async (request) => termLookup.lookup(request.query.word, { publishedOnly: request.user === null }),
  )

  // "Märgi terminid": the unmarked words of the editor's HTML that are whole forms of terms. One pass
  // over at most 2,000,000 characters, each distinct word read once (decision 055's index).
  app.post(
    '/api/terms/suggestions',
    {
      config: { access: 'admin', pagesUnchanged: true },
      bodyLimit: SUGGESTIONS_BODY_LIMIT,
      schema: { body: TermSuggestionsInput, response: { 200: TermSuggestions } },
    },
    async (request) => ({ suggestions: await suggestTermsInSlices(await termLookup.current(), request.body.html) }),
  )

  app.get(
    '/api/terms/:id',
    { config: { access: 'public', cost: 'fixed' }, schema: { params: IdParams, response: { 200: TermWithForms } } },
    async (request) => {
      const term = await findTerm(db, request.params.id)
      // An unpublished term does not exist for visitors.
      if (!term || (!term.published && request.user === null)) throw notFound('Term')
      return present(await withForms(db, term))
    },
  )

  app.post(
    '/api/terms',
    { config: { access: 'admin' }, schema: { body: TermInput, response: { 201: TermWithForms } } },
    async (request, reply) => {
      const term = await createTerm(db, request.user!, request.body)
      termLookup.changed()
      return reply.status(201).send(present(term))
    },
  )

  app.put(
    '/api/terms/:id',
    { config: { access: 'admin' }, schema: { params: IdParams, body: TermInput, response: { 200: TermWithForms } } },
    async (request) => {
      const term = await changeTerm(db, request.user!, request.params.id, request.body)
      termLookup.changed()
      return present(term)
    },
  )

  app.delete(
    '/api/terms/:id',
    { config: { access: 'admin' }, schema: { params: IdParams } },
    async (request, reply) => {
      await removeTerm(db, request.user!, request.params.id)
      termLookup.changed()
      return reply.status(204).send()
    },
  )
}
