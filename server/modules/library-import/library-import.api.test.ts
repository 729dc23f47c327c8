import { describe, expect, it } from 'vitest'
import { ensureUser } from '../auth/auth.service.ts'
import { testLibrary } from '../../../test-support/library-source.ts'
import { useTestApp } from '../../test/test-app.ts'
import { importLibrary, LibraryFile, countTermLinks } from './library-import.service.ts'

const ctx = useTestApp()
const tiny = testLibrary('tiny')
const library = LibraryFile.parse(tiny.corpus)
const lexiconCsv = tiny.lexiconCsv

describe('importing a library', () => {
  it('imports terms, books, chapters and pages, linking term marks to /term/{id}; a second run updates', async () => {
    const { user } = await ensureUser(ctx.database.db, 'importer', 'importer password', { resetPassword: false })
    const first = await importLibrary(ctx.app.state.content, user, library, { lexiconCsv })
    expect(first.terms).toMatchObject({ created: 50, updated: 0, rejected: [] })
    expect(first.books).toEqual({ created: 1, updated: 0 })
    expect(first.chapters).toEqual({ created: 2, updated: 0 })
    expect(first.pages).toEqual({ created: 4, updated: 0, failed: [] })
    expect(first.termLinks.unknown).toBe(0)
    expect(first.termLinks.linked).toBeGreaterThan(0)

    const second = await importLibrary(ctx.app.state.content, user, library, { lexiconCsv })
    expect(second.books).toEqual({ created: 0, updated: 1 })
    expect(second.pages).toEqual({ created: 0, updated: 4, failed: [] })

    const books = (await ctx.app.inject({ url: '/api/books' })).json()
    expect(books).toHaveLength(1)
    const chapterId = books[0].chapters[0].id
    const pages = (await ctx.app.inject({ url: `/api/content?chapterId=${chapterId}` })).json()
    const chunk = (await ctx.app.inject({ url: `/api/content/${pages[0].id}/chunks?chunk=0` })).json()
    expect(chunk.chunk).toMatch(/<a href="\/term\/\d+" data-term="[^"]+">/)
  })

  it('counts the marks of known and of unknown terms', () => {
    const counts = { linked: 0, unknown: 0 }
    countTermLinks('<a data-term="mettā">x</a> <a data-term="nope">y</a>', new Map([['mettā', 7]]), counts)
    expect(counts).toEqual({ linked: 1, unknown: 1 })
  })
})
