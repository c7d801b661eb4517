// The view (columns, order, sort, page) belongs to its resource: a change of resource never sends a
// field the new one lacks, and a 409 about the view says which control to change and offers a reset.
import type { Page } from '@playwright/test'
import { ACTION_PATH, fillLiveForm, openApp, resultsTable, runQuery, statusRegion, SUCCESS_STATUS } from './fixtures/app.ts'
import { E2E_BASE_URL, E2E_PRIVATE_RESOURCE, E2E_PUBLIC_RESOURCE, E2E_TOKEN } from './fixtures/server-args.ts'
import { BROWSER_NETWORK_LOG, expect, test } from './fixtures/test.ts'

const ACTION_URL = E2E_BASE_URL + ACTION_PATH

async function headers(page: Page): Promise<string[]> {
  return resultsTable(page).evaluate((table) => [...table.querySelectorAll('thead th')].map((th) => th.getAttribute('aria-label') ?? ''))
}

/** A live query of the public resource with a chosen set of columns and a server sort. */
async function liveView(page: Page): Promise<void> {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '10' })
  await runQuery(page)
  await page.getByRole('button', { name: 'Columns' }).click()
  await page.getByRole('checkbox', { name: 'title', exact: true }).uncheck()
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  await page.keyboard.press('Escape')
  const sorted = page.waitForRequest((request) => request.url() === ACTION_URL && request.method() === 'POST')
  await resultsTable(page).getByRole('button', { name: 'fee', exact: true }).click()
  expect((await sorted).postDataJSON()).toMatchObject({ sort: 'fee asc, _id', fields: expect.arrayContaining(['fee']) })
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  expect(new URL(page.url()).searchParams.getAll('fields')).not.toEqual([])
}

test('live → your own file in the demo: the file answers with its own columns, not the live view (no 409)', async ({ page }) => {
  await liveView(page)
  await page.getByRole('radio', { name: 'Demo' }).check()
  await page.getByLabel('Add a data file').setInputFiles({ name: 'cities.csv', mimeType: 'text/csv', buffer: Buffer.from('city,people\nOslo,700000\nBergen,290000\n') })
  await expect(page.getByText(/^Added cities\.csv \(2 records/)).toBeVisible()
  await expect(statusRegion(page)).toHaveText(/^Showing 2 (of 2 )?records/)
  await expect(page.locator('[role="alert"]')).toBeEmpty()
  expect(await headers(page)).toEqual(['_id', 'city', 'people'])
  const link = new URL(page.url()).searchParams
  expect([link.getAll('fields'), link.getAll('sort')]).toEqual([[], []])
})

test('live → another resource id typed in the form: the request carries no columns or sort of the old one (no 409)', async ({ page }) => {
  await liveView(page)
  await page.getByLabel('Resource ID').fill(E2E_PRIVATE_RESOURCE)
  await page.getByLabel('API token', { exact: true }).fill(E2E_TOKEN)
  const request = await runQuery(page)
  expect((await request.response())?.status()).toBe(200)
  const body = request.postDataJSON() as Record<string, unknown>
  expect(body).toMatchObject({ resource_id: E2E_PRIVATE_RESOURCE })
  expect(body).not.toHaveProperty('fields')
  expect(body).not.toHaveProperty('sort')
  expect(body.offset ?? 0).toBe(0)
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  await expect(page.locator('[role="alert"]')).toBeEmpty()
  expect(await headers(page)).toContain('student')
})

test('a 409 about a column the form does not show names the Columns control and offers Reset view', async ({ page, problems }) => {
  problems.allowConsoleError(BROWSER_NETWORK_LOG.httpStatus(409))
  await page.goto(`/?source=live&base=${E2E_BASE_URL}&resource=${E2E_PUBLIC_RESOURCE}&limit=5&fields=subject&fields=gone`)
  const alert = page.locator('[role="alert"]')
  await expect(alert).toContainText('The server rejected the query (409)')
  await expect(alert).toContainText('change Columns, or reset the view')
  await expect(alert).not.toContainText('marked in the form')
  const sent = page.waitForRequest((request) => request.url() === ACTION_URL && request.method() === 'POST')
  await alert.getByRole('button', { name: 'Reset view' }).click()
  expect((await sent).postDataJSON()).not.toHaveProperty('fields')
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  await expect(alert).toBeEmpty()
  expect(new URL(page.url()).searchParams.getAll('fields')).toEqual([])
})
