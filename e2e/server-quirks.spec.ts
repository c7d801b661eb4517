// Real servers that are not the reference engine: other CKAN versions, a huge answer, an answer that
// never ends, and answers that arrive out of order. The explorer shows the right thing and stays usable.
import type { Page } from '@playwright/test'
import { fillLiveForm, gridColumn, gridRecords, openApp, resultsTable, runQuery, statusRegion, SUCCESS_STATUS } from './fixtures/app.ts'
import { SLOW_EXPORT_MS, SLOW_MS, startFaultServer, WIDE_FIELDS, WIDE_RECORDS, type FaultServer } from './fixtures/fault-server.ts'
import { E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { expect, test } from './fixtures/test.ts'

let faults: FaultServer
test.beforeAll(async () => {
  faults = await startFaultServer()
})
test.afterAll(async () => {
  await faults.close()
})

const serverNotes = (page: Page) => page.getByRole('list', { name: 'Notes about this server' })

test('a CKAN 2.12 answer (no _links, no total_was_estimated) shows its records and a note saying so', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { baseUrl: faults.baseUrl('ckan212'), resourceId: E2E_PUBLIC_RESOURCE, limit: '5' })
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(statusRegion(page)).toHaveText(/^Showing 2 of 2 records/)
  expect(await gridColumn(page, 'name')).toEqual(['first from CKAN', 'second from CKAN'])
  await expect(serverNotes(page)).toContainText('2.12')
})

test('a CKAN full-text answer with a rank column shows it and explains the difference', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { baseUrl: faults.baseUrl('rank'), resourceId: E2E_PUBLIC_RESOURCE, q: 'first', limit: '5' })
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(statusRegion(page)).toHaveText(/^Showing 2 of 2 records/)
  await expect(resultsTable(page).getByRole('columnheader', { name: 'rank', exact: true })).toBeVisible()
  await expect(serverNotes(page)).toContainText(/full text/i)
})

test('32,000 records of 50 fields: all counted, every column reachable, a bounded DOM, the last record reachable', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { baseUrl: faults.baseUrl('wide32000'), resourceId: E2E_PUBLIC_RESOURCE, limit: '32000' })
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(statusRegion(page)).toHaveText(/^Showing 32,000 of 32,000 records/, { timeout: 20_000 })
  const table = resultsTable(page)
  // columns are virtualised like rows: all of them counted, those in view drawn, the last one reachable
  await expect(table).toHaveAttribute('aria-colcount', String(WIDE_FIELDS))
  expect(await table.getByRole('columnheader').count()).toBeLessThan(WIDE_FIELDS)
  await expect(table).toHaveAttribute('aria-rowcount', String(WIDE_RECORDS + 1))
  expect(await table.locator('tbody tr').count()).toBeLessThanOrEqual(100)
  await table.locator('xpath=..').evaluate((scroller) => scroller.scrollTo(scroller.scrollWidth, 0))
  await expect(table.locator(`thead th[aria-colindex="${WIDE_FIELDS}"]`)).toBeVisible()

  await table.locator('xpath=..').evaluate((scroller) => scroller.scrollTo(0, scroller.scrollHeight))
  // the last record's _id, with the locale's digit grouping
  await expect(table.locator(`tbody tr[aria-rowindex="${WIDE_RECORDS + 1}"] td`).first()).toHaveText(/^32,?000$/)
  expect(await table.locator('tbody tr').count()).toBeLessThanOrEqual(100)
})

test('an answer that never ends can be cancelled; the form is intact and the next query works', async ({ page }) => {
  await openApp(page)
  const hanging = faults.baseUrl('hang')
  await fillLiveForm(page, { baseUrl: hanging, resourceId: E2E_PUBLIC_RESOURCE, q: 'still here', limit: '5' })
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(statusRegion(page)).toHaveText(/Loading/)
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(statusRegion(page)).toHaveText(/cancelled/i)
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0)
  await expect(page.getByLabel('Base URL')).toHaveValue(hanging)
  await expect(page.getByLabel('Search text')).toHaveValue('still here')

  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, q: '', limit: '3' })
  await runQuery(page)
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  expect(await gridRecords(page)).toHaveLength(3)
})

test('an answer that never ends is stopped by the timeout the user set, with a message saying so', async ({ page }) => {
  await openApp(page)
  const hanging = faults.baseUrl('hang')
  await fillLiveForm(page, { baseUrl: hanging, resourceId: E2E_PUBLIC_RESOURCE, q: 'still here', limit: '5' })
  await page.getByLabel('Timeout (seconds)').fill('1')
  const started = Date.now()
  await page.getByRole('button', { name: 'Run query' }).click()
  const alert = page.getByRole('alert')
  await expect(alert).toContainText(/1 s\b/)
  await expect(alert).toContainText(/timeout|no answer|did not|not finished/i)
  expect(Date.now() - started).toBeLessThan(8000)
  await expect(page.getByLabel('Timeout (seconds)')).toHaveValue('1')
  await expect(page.getByLabel('Search text')).toHaveValue('still here')
  await expect(page.getByLabel('Base URL')).toHaveValue(hanging)
})

test('a live export uses the timeout the user set: a page slower than it stops the export with the timeout message', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { baseUrl: faults.baseUrl('slowexport'), resourceId: E2E_PUBLIC_RESOURCE, limit: '5' })
  await page.getByLabel('Timeout (seconds)').fill('1')
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  const started = Date.now()
  await page.getByRole('button', { name: 'Export' }).click()
  await page.getByRole('menuitem', { name: 'CSV', exact: true }).click()
  // The export's page (5,000 records) takes SLOW_EXPORT_MS; the default 30 s would have waited for it.
  await expect(page.getByText(/^The export stopped: No answer within 1 s/)).toBeVisible()
  expect(Date.now() - started).toBeLessThan(SLOW_EXPORT_MS)
})

test('a slow older answer never replaces a newer one', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { baseUrl: faults.baseUrl('slowfirst'), resourceId: E2E_PUBLIC_RESOURCE, q: 'slow', limit: '5' })
  const search = page.getByLabel('Search text')
  const slowSent = page.waitForRequest((request) => request.method() === 'POST' && request.postDataJSON()?.q === 'slow')
  await search.press('Enter')
  await slowSent
  await search.fill('fast')
  await search.press('Enter')
  await expect(statusRegion(page)).toHaveText(/^Showing 1 of 1 record/)
  expect(await gridColumn(page, 'answer_to')).toEqual(['fast'])

  // Long after the slow answer to "slow" has arrived, the screen still shows the newer query.
  await page.waitForTimeout(SLOW_MS + 500)
  expect(await gridColumn(page, 'answer_to')).toEqual(['fast'])
  await expect(search).toHaveValue('fast')
  expect(new URL(page.url()).searchParams.get('q')).toBe('fast')
})

test('going back while a slow answer is on its way shows the earlier query, and the late answer does not replace it', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { baseUrl: faults.baseUrl('slowfirst'), resourceId: E2E_PUBLIC_RESOURCE, q: 'fast', limit: '5' })
  const search = page.getByLabel('Search text')
  await search.press('Enter')
  await expect(statusRegion(page)).toHaveText(/^Showing 1 of 1 record/)
  expect(await gridColumn(page, 'answer_to')).toEqual(['fast'])

  await search.fill('slow')
  const slowSent = page.waitForRequest((request) => request.method() === 'POST' && request.postDataJSON()?.q === 'slow')
  await search.press('Enter')
  await slowSent
  // The run's history entry is written in the task after the run's own (use-query-link.ts): Back
  // goes to "fast" once the address holds the run, as a user sees it before pressing Back.
  await expect(page).toHaveURL(/[?&]q=slow(&|$)/)
  await page.goBack()
  await expect(search).toHaveValue('fast')
  await expect(statusRegion(page)).toHaveText(/^Showing 1 of 1 record/)
  expect(await gridColumn(page, 'answer_to')).toEqual(['fast'])

  await page.waitForTimeout(SLOW_MS + 500)
  expect(await gridColumn(page, 'answer_to')).toEqual(['fast'])
  await expect(search).toHaveValue('fast')
  expect(new URL(page.url()).searchParams.get('q')).toBe('fast')
})
