// A token belongs to the origin it was entered for. Another server (a witness that answers anything
// and writes down the token headers it gets) is reached by every path that moves the form: Back and
// Forward, an edited Base URL, a pasted address, a recent query, a link, the probe. It never gets the
// token; the reference server still gets it where the user entered it.
import type { Page } from '@playwright/test'
import { fillLiveForm, openApp, runQuery, statusRegion, SUCCESS_STATUS } from './fixtures/app.ts'
import { E2E_BASE_URL, E2E_PRIVATE_RESOURCE, E2E_PUBLIC_RESOURCE, E2E_TOKEN } from './fixtures/server-args.ts'
import { expect, test } from './fixtures/test.ts'
import { startWitnessServer, WITNESS_CITY, WITNESS_RESOURCE, type WitnessServer } from './fixtures/witness-server.ts'

let witness: WitnessServer
test.beforeAll(async () => {
  witness = await startWitnessServer()
})
test.afterAll(async () => {
  await witness.close()
})
test.afterEach(() => {
  expect(witness.withToken(), 'the witness server never got a token').toEqual([])
})

const witnessLink = (extra = '') => `?source=live&base=${encodeURIComponent(witness.baseUrl)}&resource=${WITNESS_RESOURCE}&limit=5${extra}`
const homeHost = new URL(E2E_BASE_URL).host
const tokenField = (page: Page) => page.getByLabel('API token', { exact: true })
const searchesAtWitness = () => witness.seen.filter((request) => request.method !== 'OPTIONS' && request.path.endsWith('/datastore_search')).length

/** Runs the private resource on the reference server with the token, and checks it was sent there. */
async function runMine(page: Page, options: { remember?: boolean } = {}): Promise<void> {
  await fillLiveForm(page, { resourceId: E2E_PRIVATE_RESOURCE, token: E2E_TOKEN, limit: '3' })
  if (options.remember) await page.getByRole('checkbox', { name: 'Remember for this tab' }).check()
  const sent = await runQuery(page)
  expect((await sent.allHeaders()).authorization).toBe(E2E_TOKEN)
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
}

async function expectWitnessAnswer(page: Page): Promise<void> {
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  await expect(page.getByRole('table', { name: 'Results' })).toContainText(WITNESS_CITY)
}

test('Back and Forward: each entry runs with its own origin\'s token only, and the form says where the token is kept', async ({ page }) => {
  await openApp(page, witnessLink())
  await expectWitnessAnswer(page)
  await runMine(page)

  await page.goBack()
  await expect(page.getByLabel('Base URL')).toHaveValue(witness.baseUrl)
  await expect(tokenField(page)).toHaveValue('')
  const witnessHost = new URL(witness.origin).host
  await expect(page.getByText(`No token for ${witnessHost}; your token for ${homeHost} is kept for it.`)).toBeVisible()
  // (Its answer may come from the cache: it was asked with no token, as now.)
  await expectWitnessAnswer(page)

  // Forward: the private resource answers again (a token of any other origin would get a 403).
  await page.goForward()
  await expect(tokenField(page)).toHaveValue(E2E_TOKEN)
  await expect(statusRegion(page)).toHaveText(/^Showing 3 of \d+ records/)
  await expect(page.getByRole('alert')).toBeHidden()
})

test('Back to an entry of a server never run on (a link that waited) waits for Run query, like the link did', async ({ page }) => {
  // Unknown parameters past what a link note lists: the link does not fully name its server, so it waits.
  const padding = Array.from({ length: 25 }, (_, index) => `&x${index}=1`).join('')
  const start = searchesAtWitness()
  await page.goto(`/${witnessLink(padding)}`)
  await expect(page.getByLabel('Base URL')).toHaveValue(witness.baseUrl)
  await expect(statusRegion(page)).toHaveText('Choose a resource and run a query.')
  await runMine(page)

  await page.goBack()
  await expect(page.getByLabel('Base URL')).toHaveValue(witness.baseUrl)
  await expect(tokenField(page)).toHaveValue('')
  await expect(statusRegion(page)).toHaveText('Choose a resource and run a query.')
  expect(searchesAtWitness(), 'nothing was sent before Run query').toBe(start)

  await page.getByRole('button', { name: 'Run query' }).click()
  await expectWitnessAnswer(page)
  // (The page, and maybe its total in a request of its own.)
  expect(searchesAtWitness()).toBeGreaterThan(start)
})

test('an edited Base URL: the form shows that origin\'s token (none), and Run query sends none', async ({ page }) => {
  await openApp(page)
  await runMine(page)
  await page.getByLabel('Base URL').fill(witness.baseUrl)
  await page.getByLabel('Resource ID').fill(WITNESS_RESOURCE)
  await expect(tokenField(page)).toHaveValue('')
  await expect(page.getByText(/^No token for 127\.0\.0\.1:\d+; your token for .* is kept for it\.$/)).toBeVisible()
  await page.getByRole('button', { name: 'Run query' }).click()
  await expectWitnessAnswer(page)
  // Back on the reference server, its token is there again and goes with its requests.
  await page.getByLabel('Base URL').fill(E2E_BASE_URL)
  await expect(tokenField(page)).toHaveValue(E2E_TOKEN)
})

test('a resource page of another portal pasted into Resource ID runs there without the token', async ({ page }) => {
  await openApp(page)
  await runMine(page)
  await page.getByLabel('Resource ID').fill(`${witness.baseUrl}/dataset/witness/resource/${WITNESS_RESOURCE}`)
  await expect(page.getByLabel('Base URL')).toHaveValue(witness.baseUrl)
  await expect(tokenField(page)).toHaveValue('')
  await page.getByRole('button', { name: 'Run query' }).click()
  await expectWitnessAnswer(page)
})

test('a recent query of another server runs there without the token; one of the token\'s own server runs with it', async ({ page }) => {
  await openApp(page, witnessLink())
  await expectWitnessAnswer(page)
  await runMine(page)
  const recent = page.getByRole('list', { name: 'Recent queries' })
  await recent.getByRole('link', { name: new RegExp(WITNESS_RESOURCE) }).click()
  await expect(page.getByLabel('Base URL')).toHaveValue(witness.baseUrl)
  await expectWitnessAnswer(page)

  await recent.getByRole('link', { name: new RegExp(E2E_PRIVATE_RESOURCE) }).click()
  await expect(page.getByLabel('Base URL')).toHaveValue(E2E_BASE_URL)
  await expect(tokenField(page)).toHaveValue(E2E_TOKEN)
  // The private resource answers (from its cached answer or again): with its own server's token.
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  await expect(page.getByRole('alert')).toBeHidden()
})

test('a link to another server, opened with a token remembered for this tab, runs there without it', async ({ page }) => {
  await openApp(page)
  await runMine(page, { remember: true })
  await page.goto(`/${witnessLink()}`)
  await expectWitnessAnswer(page)
  await expect(tokenField(page)).toHaveValue('')
  // The remembered token is still there for its own server.
  await page.goto(`/?source=live&base=${encodeURIComponent(E2E_BASE_URL)}&resource=${E2E_PRIVATE_RESOURCE}&limit=2`)
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  await expect(tokenField(page)).toHaveValue(E2E_TOKEN)
})

test('the probe, summaries and metadata of another server\'s answer carry no token', async ({ page }) => {
  await openApp(page)
  await runMine(page)
  await page.getByLabel('Base URL').fill(witness.baseUrl)
  await page.getByLabel('Resource ID').fill(WITNESS_RESOURCE)
  await page.getByRole('button', { name: 'Run query' }).click()
  await expectWitnessAnswer(page)
  await page.getByRole('button', { name: 'Probe this API' }).click()
  await expect(page.getByRole('region', { name: 'API probe' })).toContainText('Token header')
  await page.getByRole('button', { name: 'Summaries', exact: true }).click()
  await expect(page.getByRole('region', { name: 'Column summaries' })).toBeVisible()
  expect(witness.seen.some((request) => request.path.endsWith('/resource_show'))).toBe(true)
  // The public resource on the reference server needs no token and gets none it did not ask for.
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE })
  await expect(tokenField(page)).toHaveValue(E2E_TOKEN)
})
