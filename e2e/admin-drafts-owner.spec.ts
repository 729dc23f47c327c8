// The content editor's drafts belong to the user who wrote them (decision 044), in a real browser
// against the real server: another user logging in on the same browser is not offered them and
// leaves them be; a session that ends (not a logout) keeps them for the same user's return; logging
// out with unsaved work asks first and then clears them; expired drafts go on start.
import AxeBuilder from '@axe-core/playwright'
import { request as playwrightRequest } from '@playwright/test'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { E2E_ADMIN } from '../playwright.config.ts'
import { putDrafts, storedDrafts } from './drafts-store.ts'
import type { StoredDraft } from './drafts-store.ts'
import { createBook, createChapter, ok, toastWith, unique } from './helpers.ts'

interface Account {
  username: string
  password: string
}

const DAY = 24 * 60 * 60 * 1000
const contentEditor = (page: Page) => page.getByRole('textbox', { name: 'Content' })
const draftOfferOn = (page: Page) => page.getByRole('region', { name: 'Taasta mustand' })
const unsavedQuestion = (page: Page) => page.getByRole('alertdialog', { name: 'Salvestamata muudatused' })

async function logIn(page: Page, account: Account) {
  await page.goto('/auth')
  await page.getByLabel('Kasutajanimi').fill(account.username)
  await page.getByLabel('Parool').fill(account.password)
  await page.getByRole('button', { name: 'Logi sisse' }).click()
  await expect(page).toHaveURL(/\/admin\/books$/)
}

async function userId(page: Page): Promise<number> {
  return (await ok<{ id: number }>(await page.request.get('/api/user'))).id
}

/** A page of its own in a chapter of its own, made through the API as the e2e administrator. */
async function makePage(page: Page, name: string) {
  const book = await createBook(page.request, `Book ${name}`)
  const chapter = await createChapter(page.request, book.id, `Chapter ${name}`)
  return ok<{ id: number }>(
    await page.request.post('/api/content', {
      data: { title: `Page ${name}`, chapterId: chapter.id, content: '<p>Saved words.</p>', order: 0, published: true },
    }),
  )
}

/** A second administrator, added by the first. */
async function makeUser(page: Page): Promise<Account> {
  const account = { username: unique('drafts-b').replace(/\s/g, '-'), password: 'the other password' }
  const added = await page.request.post('/api/admin/users', { data: account })
  expect(added.status()).toBe(201)
  return account
}

/** Opens the editor, types after the saved words and waits until the draft is in the browser. */
async function typeUnsaved(page: Page, pageId: number, words: string) {
  await page.goto(`/admin/content/edit/${pageId}`)
  await contentEditor(page).getByText('Saved words.').click()
  await page.keyboard.press('End')
  await page.keyboard.type(` ${words}`)
  await expect
    .poll(async () => (await storedDrafts(page)).find((draft) => draft.pageId === pageId)?.text ?? '', {
      timeout: 10_000,
    })
    .toContain(words)
}

/** The editor of the page has loaded and had a moment to read its draft: none is offered. */
async function expectNoOffer(page: Page, pageId: number, words: string) {
  await page.goto(`/admin/content/edit/${pageId}`)
  await expect(contentEditor(page)).toContainText('Saved words.')
  await page.waitForTimeout(500)
  await expect(draftOfferOn(page)).toHaveCount(0)
  await expect(contentEditor(page)).not.toContainText(words)
}

/** Ends the browser's session on the server, as an expiry would (the browser is not told). */
async function endSessionOf(page: Page, baseURL: string) {
  const session = (await page.context().cookies()).find((cookie) => cookie.name === 'session')
  expect(session).toBeDefined()
  const elsewhere = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: `session=${session!.value}` },
  })
  expect((await elsewhere.post('/api/logout')).status()).toBe(200)
  await elsewhere.dispose()
}

test.beforeEach(({ page }) => {
  // leaving a page with unsaved changes asks the browser's own question: go on
  page.on('dialog', (dialog) => void dialog.accept())
})

test("another user on the same browser is not offered a user's draft; after the session ended the writer gets it back", async ({
  page,
  baseURL,
}) => {
  await logIn(page, E2E_ADMIN)
  const a = await userId(page)
  const name = unique('Owned drafts')
  const { id } = await makePage(page, name)
  const other = await makeUser(page)
  const words = `Unsaved by A ${name}.`
  await typeUnsaved(page, id, words)

  // A's session ends without a logout (as an expiry does) and B logs in on the same browser
  await endSessionOf(page, baseURL!)
  await logIn(page, other)
  const b = await userId(page)
  expect(b).not.toBe(a)
  await expectNoOffer(page, id, words)
  // the draft is A's
  expect((await storedDrafts(page)).filter((draft) => draft.pageId === id).map((draft) => draft.userId)).toEqual([a])
  // B typed nothing: logging out asks nothing, and A's draft is left as it was
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(toastWith(page, 'Väljalogimine õnnestus')).toBeVisible()
  await expect(unsavedQuestion(page)).toHaveCount(0)
  const left = (await storedDrafts(page)).filter((draft) => draft.pageId === id)
  expect(left.map((draft) => [draft.userId, draft.text.includes(words)])).toEqual([[a, true]])

  // A comes back and gets the work
  await logIn(page, E2E_ADMIN)
  await page.goto(`/admin/content/edit/${id}`)
  const offer = draftOfferOn(page)
  await expect(offer).toContainText('Leidsin salvestamata mustandi')
  await offer.getByRole('button', { name: 'Taasta mustand' }).click()
  await expect(contentEditor(page)).toContainText(`Saved words. ${words}`)
})

test('logging out with unsaved work asks first: staying keeps it, logging out clears the drafts', async ({ page }) => {
  await logIn(page, E2E_ADMIN)
  const a = await userId(page)
  const name = unique('Logout drafts')
  const { id } = await makePage(page, name)
  const words = `Not saved ${name}.`
  await typeUnsaved(page, id, words)

  // the open editor holds the changes: the question, with the focus on staying
  await page.getByRole('button', { name: 'Log out' }).click()
  const question = unsavedQuestion(page)
  await expect(question).toBeVisible()
  await expect(question).toContainText(
    'Sul on salvestamata muudatusi. Väljalogimisel kustutatakse need sellest brauserist ja neid ei saa hiljem taastada.',
  )
  await expect(question.getByRole('button', { name: 'Jätka tööd' })).toBeFocused()
  expect(
    (await new AxeBuilder({ page }).include('[role="alertdialog"]').analyze()).violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id),
  ).toEqual([])
  await page.keyboard.press('Escape')
  await expect(question).toBeHidden()
  await expect(page).toHaveURL(new RegExp(`/admin/content/edit/${id}$`))
  await expect(contentEditor(page)).toContainText(words)
  expect((await page.request.get('/api/user')).status()).toBe(200)
  expect(((await (await page.request.get('/api/user')).json()) as { id: number } | null)?.id).toBe(a)

  // the editor is left (its own question answered): the draft alone is unsaved work, asked about too
  await page.getByRole('navigation', { name: 'Halduse menüü' }).getByRole('link', { name: 'Books' }).click()
  await page.getByRole('alertdialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click()
  await expect(page).toHaveURL(/\/admin\/books$/)
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(question).toBeVisible()
  await question.getByRole('button', { name: 'Jätka tööd' }).click()
  await expect(question).toBeHidden()
  expect((await storedDrafts(page)).filter((draft) => draft.userId === a && draft.pageId === id)).toHaveLength(1)

  // back in the editor with the draft restored, and this time logging out
  await page.goto(`/admin/content/edit/${id}`)
  await draftOfferOn(page).getByRole('button', { name: 'Taasta mustand' }).click()
  await expect(contentEditor(page)).toContainText(words)
  await page.getByRole('button', { name: 'Log out' }).click()
  await question.getByRole('button', { name: 'Logi välja' }).click()
  await expect(toastWith(page, 'Väljalogimine õnnestus')).toBeVisible()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  // none of A's drafts is left, and none is written after (the editor's pause has passed)
  await page.waitForTimeout(1500)
  expect((await storedDrafts(page)).filter((draft) => draft.userId === a)).toEqual([])
  // Nobody is logged in: 401 (product spec §6), and the signed-in hint is gone with the session.
  expect((await page.request.get('/api/user')).status()).toBe(401)
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('signed_in')

  await logIn(page, E2E_ADMIN)
  await expectNoOffer(page, id, words)
})

test('drafts expire: those not written to for 14 days go on start, of every user', async ({ page }) => {
  await logIn(page, E2E_ADMIN)
  const a = await userId(page)
  const name = unique('Expiring drafts')
  const { id } = await makePage(page, name)
  const words = `Old work ${name}.`
  await typeUnsaved(page, id, words)
  const [mine] = (await storedDrafts(page)).filter((draft) => draft.userId === a && draft.pageId === id)
  const now = Date.now()
  const somebody = 1_000_000 + Math.floor(Math.random() * 1_000_000)
  const drafts: StoredDraft[] = [
    { ...mine!, savedAt: now - 14 * DAY - 60_000 },
    { ...mine!, userId: somebody, savedAt: now - 30 * DAY },
    { ...mine!, userId: somebody + 1, savedAt: now - 13 * DAY },
  ]
  await putDrafts(page, drafts)

  // a start of the app anywhere (here the home page) removes the expired ones once it is idle
  await page.goto('/')
  await expect
    .poll(async () => (await storedDrafts(page)).filter((draft) => draft.pageId === id).map((draft) => draft.userId), {
      timeout: 10_000,
    })
    .toEqual([somebody + 1])
  await expectNoOffer(page, id, words)
})

test('an expired draft is not offered even before the start removed it', async ({ page }) => {
  await logIn(page, E2E_ADMIN)
  const a = await userId(page)
  const name = unique('Expired drafts')
  const { id } = await makePage(page, name)
  const words = `Too old ${name}.`
  await typeUnsaved(page, id, words)
  const [mine] = (await storedDrafts(page)).filter((draft) => draft.userId === a && draft.pageId === id)
  await putDrafts(page, [{ ...mine!, savedAt: Date.now() - 15 * DAY }])
  // a route inside the app: no new start, so only the editor's own reading can keep it away
  await page.getByRole('navigation', { name: 'Halduse menüü' }).getByRole('link', { name: 'Books' }).click()
  await page.getByRole('alertdialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave' }).click()
  // the editor is gone (a route still loading keeps the old one on screen, and it would never read again)
  await expect(page.getByRole('heading', { name: 'Raamatud' })).toBeVisible()
  await expect(contentEditor(page)).toHaveCount(0)
  await page.evaluate((path) => {
    history.pushState(null, '', path)
    dispatchEvent(new PopStateEvent('popstate'))
  }, `/admin/content/edit/${id}`)
  await expect(contentEditor(page)).toContainText('Saved words.')
  // the editor's reading removes it; under load that can take longer than any fixed wait
  await expect
    .poll(async () => (await storedDrafts(page)).filter((draft) => draft.userId === a && draft.pageId === id), {
      timeout: 10_000,
    })
    .toEqual([])
  await expect(draftOfferOn(page)).toHaveCount(0)
})

test("a tab of the older app holding the drafts' database open does not hold up logging out", async ({ page }) => {
  await logIn(page, E2E_ADMIN)
  // another tab, as the app before decision 044 left it: version 1, a draft without a writer, and
  // the connection kept open (it never closes it for a newer version)
  const old = await page.context().newPage()
  await old.goto('/')
  await old.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open('content-editor-drafts', 1)
        opening.onupgradeneeded = () => {
          opening.result.createObjectStore('drafts', { keyPath: ['pageId', 'section'] }).put({
            pageId: 1,
            section: '',
            baseVersion: 1,
            text: '<p>Nobody knows whose.</p>',
            savedAt: Date.now(),
          })
        }
        opening.onsuccess = () => {
          ;(window as unknown as { oldDrafts: IDBDatabase }).oldDrafts = opening.result
          resolve()
        }
        opening.onerror = () => reject(new Error('version 1 did not open'))
      }),
  )

  // this tab cannot open the database while the old one holds it: it may hold drafts, so it asks
  await page.getByRole('button', { name: 'Log out' }).click()
  const question = unsavedQuestion(page)
  await expect(question).toBeVisible({ timeout: 10_000 })
  await question.getByRole('button', { name: 'Logi välja' }).click()
  await expect(toastWith(page, 'Väljalogimine õnnestus')).toBeVisible({ timeout: 10_000 })
  expect((await page.request.get('/api/user')).status()).toBe(401)

  // once the old tab is gone the upgrade goes on, and the draft nobody can own is dropped
  await old.close()
  await expect.poll(async () => (await storedDrafts(page)).length, { timeout: 10_000 }).toBe(0)
  expect(
    await page.evaluate(async () => (await indexedDB.databases()).find((db) => db.name === 'content-editor-drafts')),
  ).toMatchObject({ version: 2 })
})

test('a logout in one tab ends the work in the other tabs too: their editors keep no more drafts', async ({ page }) => {
  await logIn(page, E2E_ADMIN)
  const a = await userId(page)
  const name = unique('Two tabs')
  const { id } = await makePage(page, name)
  const other = await page.context().newPage()
  other.on('dialog', (dialog) => void dialog.accept())
  const words = `Typed in the other tab ${name}.`
  await typeUnsaved(other, id, words)

  await page.getByRole('button', { name: 'Log out' }).click()
  await unsavedQuestion(page).getByRole('button', { name: 'Logi välja' }).click()
  await expect(toastWith(page, 'Väljalogimine õnnestus')).toBeVisible()
  // the other tab shows that nobody is logged in, and its editor is gone with what it held
  await expect(other.getByRole('heading', { name: 'Administraatori ligipääs nõutud' })).toBeVisible()
  await other.waitForTimeout(1500)
  expect((await storedDrafts(other)).filter((draft) => draft.userId === a)).toEqual([])
})
