// Every way a live query can fail gets its own plain message in the alert, and the form keeps what
// the user typed. Faults come from a tiny broken server (fixtures/fault-server.ts) and the real one.
import type { Locator, Page } from '@playwright/test'
import { describedText, fillLiveForm, openApp, runQuery, statusRegion } from './fixtures/app.ts'
import { closedPort, CONFLICT_ERRORS, startFaultServer, VALIDATION_200_ERROR, type Fault, type FaultServer } from './fixtures/fault-server.ts'
import { E2E_BASE_URL, E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { BROWSER_NETWORK_LOG, expect, test } from './fixtures/test.ts'

let faults: FaultServer
test.beforeAll(async () => {
  faults = await startFaultServer()
})
test.afterAll(async () => {
  await faults.close()
})

const TYPED = { resourceId: E2E_PUBLIC_RESOURCE, q: 'keep me', limit: '5', method: 'POST' } as const

async function expectFormKept(page: Page, baseUrl: string, resourceId: string = TYPED.resourceId): Promise<void> {
  await expect(page.getByRole('radio', { name: 'Live API' })).toBeChecked()
  await expect(page.getByLabel('Base URL')).toHaveValue(baseUrl)
  await expect(page.getByLabel('Resource ID')).toHaveValue(resourceId)
  await expect(page.getByLabel('Search text')).toHaveValue(TYPED.q)
  await expect(page.getByLabel('Limit')).toHaveValue(TYPED.limit)
}

interface FaultCase {
  fault: Fault
  what: string
  /** Phrases the alert must contain: what happened, in words specific to this fault. */
  says: (string | RegExp)[]
  console: RegExp[]
}

const CASES: FaultCase[] = [
  { fault: 'html502', what: 'a proxy’s HTML 502 page', says: [/gateway/i, '502', '502 Bad Gateway'], console: [BROWSER_NETWORK_LOG.httpStatus(502)] },
  { fault: 'html415', what: 'an HTML 415 page', says: [/content type/i, '415', 'Content-Type: application/json'], console: [BROWSER_NETWORK_LOG.httpStatus(415)] },
  { fault: 'bare400', what: 'a 400 with a bare JSON string', says: [/could not read the request/i, '400', 'Bad request - JSON Error'], console: [BROWSER_NETWORK_LOG.httpStatus(400)] },
  { fault: 'error500', what: 'a 500 envelope', says: [/server failed/i, '500', 'Internal Server Error'], console: [BROWSER_NETWORK_LOG.httpStatus(500)] },
  { fault: 'notjson200', what: 'a 200 whose body is not JSON', says: [/not JSON/] , console: [] },
  { fault: 'norecords200', what: 'JSON without result.records', says: [/no records/i, 'result.records'], console: [] },
  { fault: 'unsuccessful200', what: 'a 200 that says success: false', says: [/reported a failure/i, 'The datastore is being rebuilt'], console: [] },
  { fault: 'truncated200', what: 'a 200 with truncated JSON', says: [/cut off/i], console: [] },
  { fault: 'recordsnotarray200', what: 'records that are not a list', says: [/not a list of records/i, 'result.records'], console: [] },
  { fault: 'reset', what: 'a connection reset mid-answer', says: [/connection broke off/i], console: [/Failed to load resource: net::ERR_/] },
  {
    fault: 'nocors',
    what: 'a server without CORS headers',
    says: [/could not reach the server/i, 'CORS'],
    console: [BROWSER_NETWORK_LOG.cors, BROWSER_NETWORK_LOG.failed],
  },
]

for (const { fault, what, says, console } of CASES) {
  test(`${what}: a specific message in the alert, and the form keeps its input`, async ({ page, problems }) => {
    for (const pattern of console) problems.allowConsoleError(pattern)
    await openApp(page)
    const baseUrl = faults.baseUrl(fault)
    await fillLiveForm(page, { ...TYPED, baseUrl })
    await page.getByRole('button', { name: 'Run query' }).click()
    const alert = page.getByRole('alert')
    for (const phrase of says) await expect(alert).toContainText(phrase)
    await expect(statusRegion(page)).not.toHaveText(/Showing|Loading/)
    await expectFormKept(page, baseUrl)
  })
}

test('a closed port: the network failure message names the host, and the form keeps its input', async ({ page, problems }) => {
  problems.allowConsoleError(BROWSER_NETWORK_LOG.refused)
  await openApp(page)
  const baseUrl = `http://127.0.0.1:${await closedPort()}/data`
  await fillLiveForm(page, { ...TYPED, baseUrl })
  await page.getByRole('button', { name: 'Run query' }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText(/could not reach the server/i)
  await expect(alert).toContainText(new URL(baseUrl).host)
  await expectFormKept(page, baseUrl)
})

test('a 409 with several field errors shows each beside its field, marked aria-invalid', async ({ page, problems }) => {
  problems.allowConsoleError(BROWSER_NETWORK_LOG.httpStatus(409))
  await openApp(page)
  const baseUrl = faults.baseUrl('conflict409')
  await fillLiveForm(page, { ...TYPED, baseUrl })
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(page.getByRole('alert')).toContainText('409')

  const fields: [Locator, string][] = [
    [page.getByLabel('Resource ID'), CONFLICT_ERRORS.resource_id[0] ?? ''],
    [page.getByLabel('Limit'), CONFLICT_ERRORS.limit[0] ?? ''],
    [page.getByLabel('Search text'), CONFLICT_ERRORS.q[0] ?? ''],
    [page.getByLabel('Filter field'), CONFLICT_ERRORS.filters[0] ?? ''],
  ]
  for (const [control, message] of fields) {
    await expect(control).toHaveAttribute('aria-invalid', 'true')
    expect(await describedText(control)).toContain(message)
  }
  await expect(page.getByLabel('Base URL'), 'a field the server did not name stays unmarked').not.toHaveAttribute('aria-invalid', 'true')
  await expectFormKept(page, baseUrl)
})

test('a 200 with success: false and a validation error: the message beside its field, the rest in the alert', async ({ page }) => {
  await openApp(page)
  const baseUrl = faults.baseUrl('validation200')
  await fillLiveForm(page, { ...TYPED, baseUrl })
  await page.getByRole('button', { name: 'Run query' }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('The server rejected the query')
  await expect(alert).toContainText(`records_format: ${VALIDATION_200_ERROR.records_format[0]}`)
  const resourceId = page.getByLabel('Resource ID')
  await expect(resourceId).toHaveAttribute('aria-invalid', 'true')
  expect(await describedText(resourceId)).toContain(VALIDATION_200_ERROR.resource_id[0])
  await expect(page.getByLabel('Limit')).not.toHaveAttribute('aria-invalid', 'true')
  await expectFormKept(page, baseUrl)
})

test('an unknown resource on the real server: 404 says the resource was not found', async ({ page, problems }) => {
  problems.allowConsoleError(BROWSER_NETWORK_LOG.httpStatus(404))
  await openApp(page)
  const missing = '00000000-0000-4000-8000-000000000000'
  await fillLiveForm(page, { ...TYPED, resourceId: missing })
  const request = await runQuery(page)
  expect((await request.response())?.status()).toBe(404)
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('404')
  await expect(alert).toContainText(/not found/i)
  await expect(alert).toContainText(missing)
  await expectFormKept(page, E2E_BASE_URL, missing)
})
