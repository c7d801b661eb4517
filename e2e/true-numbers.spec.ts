// What the screen says is true of the data: a link's sort is done where every record is seen, a new
// sort starts at record 1 and the status names the range, figures from loaded records say so, a result
// belongs to the source the header names, the demo names its engine. Then the smaller promises: row
// buttons named by record, the record's JSON reachable by keyboard, whole focus rings, the Columns
// panel inside the viewport, results brought into view on a phone, guesses withdrawn once the server
// answered, and a link to a file added in another tab.
import type { Page } from '@playwright/test'
import { fillLiveForm, gridColumn, openApp, resultsTable, runQuery, statusRegion, SUCCESS_STATUS } from './fixtures/app.ts'
import { loadCourses } from './fixtures/courses-oracle.ts'
import { startFaultServer, type FaultServer } from './fixtures/fault-server.ts'
import { E2E_BASE_URL, E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { BROWSER_NETWORK_LOG, expect, test } from './fixtures/test.ts'

const courses = loadCourses()
const fees = courses.map((row) => Number(row.fee))
const range = (page: Page) => page.getByRole('navigation', { name: 'Pages' }).locator('.pager-range')
const header = (page: Page, field: string) => resultsTable(page).getByRole('columnheader', { name: field, exact: true })
const sortBy = (page: Page, field: string) => header(page, field).getByRole('button', { name: field, exact: true }).click()

let faults: FaultServer
test.beforeAll(async () => {
  faults = await startFaultServer()
})
test.afterAll(async () => {
  await faults.close()
})

test('live: a link with a sort is sorted by the server over every record, not on the loaded page', async ({ page }) => {
  const sent = page.waitForRequest((request) => request.url().startsWith(E2E_BASE_URL) && request.method() === 'POST')
  await openApp(page, `?source=live&base=${encodeURIComponent(E2E_BASE_URL)}&resource=${E2E_PUBLIC_RESOURCE}&limit=10&sort=fee+desc`)
  expect((await sent).postDataJSON()).toMatchObject({ sort: 'fee desc nulls last, _id', limit: 10 })
  await expect(statusRegion(page)).toHaveText(/sorted by the server · records 1–10 of 60$/)
  const top = fees.toSorted((a, b) => b - a).slice(0, 10)
  expect((await gridColumn(page, 'fee')).map((text) => Number(text.replace(/,/g, '')))).toEqual(top)
})

test('demo: a sorted link is sorted by the demo engine, which the status names', async ({ page }) => {
  await openApp(page, '?limit=500')
  const all = (await gridColumn(page, 'fee')).map((text) => Number(text.replace(/,/g, '')))
  await openApp(page, '?limit=10&sort=fee+desc')
  await expect(statusRegion(page)).toHaveText(/sorted by the demo engine/)
  await expect(statusRegion(page)).not.toHaveText(/server/)
  expect((await gridColumn(page, 'fee')).map((text) => Number(text.replace(/,/g, '')))).toEqual(all.toSorted((a, b) => b - a).slice(0, 10))
  // Its snippets need a live server, and say how to start one.
  await expect(page.getByRole('region', { name: 'Request' })).toContainText('npm run api')
})

test('live: a new sort on page 2 starts at record 1, and the status names the range', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '10' })
  await runQuery(page)
  await page.getByRole('button', { name: 'Next page' }).click()
  await expect(statusRegion(page)).toHaveText(/records 11–20 of 60$/)
  await sortBy(page, 'fee')
  await expect(statusRegion(page)).toHaveText(/sorted by the server · records 1–10 of 60$/)
  await expect(range(page)).toHaveText('Records 1–10 of 60')
  expect((await gridColumn(page, 'fee')).map((text) => Number(text.replace(/,/g, '')))).toEqual(fees.toSorted((a, b) => a - b).slice(0, 10))
})

test('live: figures from the loaded records are marked on the figure; demo figures over every record are not', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '10' })
  await runQuery(page)
  await page.getByRole('button', { name: 'Summaries', exact: true }).click()
  const fee = page.getByRole('region', { name: 'Summary of fee', exact: true })
  const mean = fee.locator('dt', { hasText: /^mean$/ }).locator('+ dd')
  await expect(mean).toContainText(/^≈ /)
  await expect(mean).toContainText('from 10 loaded records')
  await expect(fee.getByRole('img', { name: 'Histogram of fee from 10 loaded records' })).toBeVisible()
  // Min and max come from the server over all 60 records, with every digit.
  await expect(fee.locator('dt', { hasText: /^min$/ }).locator('+ dd')).toHaveText(String(Math.min(...fees)))
  // Credits has six values, each counted by the server: its mean and histogram are over all 60 records.
  const credits = page.getByRole('region', { name: 'Summary of credits', exact: true })
  const creditValues = courses.map((row) => Number(row.credits))
  const creditsMean = creditValues.reduce((sum, value) => sum + value, 0) / creditValues.length
  const creditsMeanText = creditsMean.toLocaleString('en-US', { maximumFractionDigits: 2 })
  await expect(credits).toContainText('exact over all 60 matching records')
  await expect(credits.locator('dt', { hasText: /^mean$/ }).locator('+ dd')).toContainText(new RegExp(`^${creditsMeanText.replace('.', '\\.')}( |$)`))
  await expect(credits.getByRole('img', { name: 'Histogram of credits', exact: true })).toBeVisible()

  await openApp(page, '?limit=10')
  await page.getByRole('button', { name: 'Summaries', exact: true }).click()
  const demoFee = page.getByRole('region', { name: 'Summary of fee', exact: true })
  await expect(demoFee).toContainText('exact over all')
  await expect(demoFee.locator('dd').first()).not.toContainText('≈')
  await expect(demoFee.getByRole('img', { name: /^Histogram of fee$/ })).toBeVisible()
})

test('switching the source greys the result as from the previous source; switching back restores it', async ({ page }) => {
  await openApp(page)
  const records = page.getByRole('region', { name: 'Records' })
  await page.getByRole('radio', { name: 'Live API' }).check()
  await expect(records).toContainText('from the previous source (the demo engine)')
  await page.getByRole('radio', { name: 'Demo', exact: true }).check()
  await expect(records).not.toContainText('previous source')
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '5' })
  await runQuery(page)
  await expect(records).not.toContainText('previous source')
  await page.getByLabel('Base URL').fill('http://127.0.0.1:9/elsewhere')
  await expect(records).toContainText(`from the previous source (${new URL(E2E_BASE_URL).host})`)
})

test('row buttons name their record, and the record JSON takes keyboard focus', async ({ page }) => {
  await openApp(page, `?source=live&base=${encodeURIComponent(E2E_BASE_URL)}&resource=${E2E_PUBLIC_RESOURCE}&limit=5`)
  await resultsTable(page).getByRole('button', { name: 'Details of record 3', exact: true }).click()
  const json = page.getByRole('dialog').getByRole('region', { name: 'JSON' }).locator('pre')
  await json.focus()
  await expect(json).toBeFocused()
})

test('a focused sort button shows its whole focus ring inside its clipped cell', async ({ page }) => {
  await openApp(page)
  const button = header(page, 'fee').getByRole('button', { name: 'fee', exact: true })
  await button.focus()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Tab')
  expect(await button.evaluate((element) => getComputedStyle(element).outlineOffset)).toBe('-3px')
})

for (const width of [1280, 390]) {
  test(`the Columns panel stays inside the viewport at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 })
    await openApp(page)
    await page.getByRole('button', { name: 'Columns', exact: true }).click()
    const done = page.getByRole('button', { name: 'Done', exact: true })
    await done.scrollIntoViewIfNeeded()
    const box = await done.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true)
  })
}

test('on a phone, Run query brings the results into view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '5' })
  await page.getByRole('button', { name: 'Run query' }).scrollIntoViewIfNeeded()
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  await expect(statusRegion(page)).toBeInViewport()
})

test('the "not a UUID" guess goes once the server answered for that resource id', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { baseUrl: faults.baseUrl('ckan212'), resourceId: 'seattle-weather', limit: '5' })
  const resourceId = page.getByLabel('Resource ID')
  await expect(page.getByText('This is not a UUID.', { exact: false })).toBeVisible()
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(statusRegion(page)).toHaveText(/^Showing 2 of 2 records/)
  await expect(page.getByText('This is not a UUID.', { exact: false })).toHaveCount(0)
  await resourceId.fill('other-alias')
  await expect(page.getByText('This is not a UUID.', { exact: false })).toBeVisible()
})

test('demo: a link to a file added in another tab says where the file is, with Add a data file at hand', async ({ page, problems }) => {
  problems.allowConsoleError(BROWSER_NETWORK_LOG.httpStatus(404))
  await page.goto('/?resource=0b9f7c1e-4a2d-4c5e-8f3a-6d1e2c3b4a59')
  const alert = page.getByRole('alert')
  await expect(alert).toContainText('not in the demo engine of this tab')
  await expect(alert).toContainText('stays in the browser tab where it was added')
  await expect(alert).not.toContainText('portal')
  const chooser = page.waitForEvent('filechooser')
  await alert.getByRole('button', { name: 'Add a data file' }).click()
  await chooser
  await expect(page.getByLabel('Add a data file')).toBeFocused()
})
