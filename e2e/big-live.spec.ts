// Big live pages: fetched and parsed off the page's thread, and asked as records_format lists once
// the server is known to take them. The page stays usable while 32,000 x 50 records arrive.
import type { Page } from '@playwright/test'
import { ACTION_PATH, fillLiveForm, gridRecords, isTotalRequest, openApp, resultsTable, statusRegion } from './fixtures/app.ts'
import { startFaultServer, WIDE_FIELDS, WIDE_RECORDS, type FaultServer } from './fixtures/fault-server.ts'
import { E2E_BASE_URL, E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { watchTasksUntilShown } from './fixtures/tasks-until-shown.ts'
import { expect, test } from './fixtures/test.ts'

let faults: FaultServer
test.beforeAll(async () => {
  faults = await startFaultServer()
})
test.afterAll(async () => {
  await faults.close()
})

const requestBody = (page: Page) => page.locator('.request-body')

test('a 32,000 x 50 live answer leaves the page responsive: typing is taken while it loads, and (with E2E_PERF=1) no task freezes the page', async ({ page }) => {
  test.setTimeout(60_000)
  await openApp(page)
  await fillLiveForm(page, { baseUrl: faults.baseUrl('wide32000'), resourceId: E2E_PUBLIC_RESOURCE, limit: String(WIDE_RECORDS) })
  // Tasks that end before the status shows the answer are those of fetching and reading it.
  const loading = await watchTasksUntilShown(page, 'Showing 32,000')
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(statusRegion(page)).toHaveText(/Loading/)

  const search = page.getByLabel('Search text')
  await search.click()
  await page.keyboard.type('typed while loading')
  await expect(search).toHaveValue('typed while loading')

  await expect(statusRegion(page)).toHaveText(/^Showing 32,000 of 32,000 records/, { timeout: 30_000 })
  const table = resultsTable(page)
  // Every column is counted; only those in view are drawn, headers and cells alike.
  await expect(table).toHaveAttribute('aria-colcount', String(WIDE_FIELDS))
  expect(await table.getByRole('columnheader').count()).toBeLessThan(WIDE_FIELDS)
  await expect(table.locator('tbody tr[aria-rowindex="2"] td').nth(2)).toHaveText('r0c1')
  // Reading this answer on the page was one task as long as parsing its 40 MB, all while the status
  // still said Loading. Measured here and now (the machine's load moves both), the worker must leave
  // no task of even half that (nor over 100 ms); drawing the grid comes after, and the UI bench
  // reports the longest task of all (target 50 ms).
  const parseMs = await page.evaluate(async (url) => {
    const text = await (await fetch(url)).text()
    const started = performance.now()
    JSON.parse(text)
    return performance.now() - started
  }, `${faults.baseUrl('wide32000')}${ACTION_PATH}?limit=${WIDE_RECORDS}`)
  const tasks = await loading.tasks()
  test.info().annotations.push({ type: 'main-thread tasks (ms)', description: `${JSON.stringify(tasks.all.map(Math.round))}; one JSON.parse of the answer: ${Math.round(parseMs)}` })
  // Asserted when asked for (E2E_PERF=1, an idle machine): a loaded machine swings past it whatever the
  // app does; live-main-thread.spec.ts holds the page to no O(records) work at any load.
  if (process.env.E2E_PERF === '1') {
    expect(Math.max(0, ...tasks.beforeShown), 'the longest main-thread task while the answer was fetched and read (ms)').toBeLessThan(Math.max(100, parseMs / 2))
  }
})

test('once the server has shown it knows records_format, a big page asks for lists; the request panel shows it and the records are the same', async ({ page }) => {
  test.setTimeout(60_000)
  await openApp(page)
  await fillLiveForm(page, { baseUrl: faults.baseUrl('wide32000'), resourceId: E2E_PUBLIC_RESOURCE, limit: '2000' })
  await expect(requestBody(page)).not.toContainText('records_format')
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(statusRegion(page)).toHaveText(/^Showing 2,000 of 32,000 records/)
  const asObjects = await resultsTable(page).locator('tbody tr[aria-rowindex="3"]').innerText()

  // The answer echoed records_format: the same form now asks for lists, and says so before it runs.
  await expect(requestBody(page)).toContainText('"records_format":"lists"')
  await page.getByLabel('Limit').fill('1999')
  await expect(requestBody(page)).toContainText('"records_format":"lists"')
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(statusRegion(page)).toHaveText(/^Showing 1,999 of 32,000 records/)
  expect(faults.lastFormat('wide32000')).toBe('lists')
  expect(await resultsTable(page).locator('tbody tr[aria-rowindex="3"]').innerText()).toBe(asObjects)

  // A page of 1,000 or fewer records stays in the default format.
  await page.getByLabel('Limit').fill('1000')
  await expect(requestBody(page)).not.toContainText('records_format')
})

test('a big page waiting in the worker is cancelled by Esc, and stopped by the timeout the user set', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { baseUrl: faults.baseUrl('hang'), resourceId: E2E_PUBLIC_RESOURCE, q: 'still here', limit: '5000' })
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(statusRegion(page)).toHaveText(/Loading/)
  await page.keyboard.press('Escape')
  await expect(statusRegion(page)).toHaveText(/cancelled/i)
  await expect(page.getByLabel('Search text')).toHaveValue('still here')

  await page.getByLabel('Timeout (seconds)').fill('1')
  const started = Date.now()
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(page.getByRole('alert')).toContainText(/1 s\b/)
  expect(Date.now() - started).toBeLessThan(8000)
})

test('the reference server answers a big page in lists, and the grid shows what objects showed', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '5000' })
  const sentFormats: (string | undefined)[] = []
  page.context().on('request', (request) => {
    if (request.url().startsWith(E2E_BASE_URL + ACTION_PATH) && request.method() === 'POST' && !isTotalRequest(request)) {
      sentFormats.push((request.postDataJSON() as { records_format?: string }).records_format)
    }
  })
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(statusRegion(page)).toHaveText(/^Showing [\d,]+ of [\d,]+ records/)
  const asObjects = await gridRecords(page)
  await expect(requestBody(page)).toContainText('"records_format":"lists"')

  await page.getByLabel('Limit').fill('4999')
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect.poll(() => sentFormats).toEqual([undefined, 'lists'])
  await expect(statusRegion(page)).toHaveText(/^Showing [\d,]+ of [\d,]+ records/)
  await expect(statusRegion(page)).not.toHaveText(/Loading/)
  // Taken as asked: no refusal and no second request without lists.
  expect(sentFormats).toEqual([undefined, 'lists'])
  expect(await gridRecords(page)).toEqual(asObjects)

  // The records the worker handed over summarise like any others.
  await page.getByRole('button', { name: 'Summaries', exact: true }).click()
  const summaries = page.getByRole('region', { name: 'Column summaries' })
  await expect(summaries.getByRole('region', { name: 'Summary of stage' })).toContainText('active')
  await expect(summaries).not.toContainText('No summaries')
})

test('the probe finds that the reference server takes lists, and a big page asks for them before any answer', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '5000' })
  await expect(requestBody(page)).not.toContainText('records_format')
  await page.getByRole('button', { name: 'Probe this API' }).click()
  await expect(page.getByRole('region', { name: 'API probe' })).toContainText(/Records as lists \(records_format\)\s*accepted/)
  await expect(requestBody(page)).toContainText('"records_format":"lists"')
})
