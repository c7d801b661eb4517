// Live at scale: a live page never waits for its count. Against a server that is slow to count (the
// real reference server behind a proxy that holds every request asking for a total), the records are
// on screen while the total is still being counted, then the exact total follows; paging works while
// the total is unknown, to the last page.
import type { Page } from '@playwright/test'
import { fillLiveForm, gridColumn, isTotalRequest, openApp, resultsTable, statusRegion } from './fixtures/app.ts'
import { codes, loadCourses } from './fixtures/courses-oracle.ts'
import { E2E_BASE_URL, E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { startSlowCountProxy, type SlowCountProxy } from './fixtures/slow-count-proxy.ts'
import { expect, test } from './fixtures/test.ts'

const courses = loadCourses()
const range = (page: Page) => page.getByRole('navigation', { name: 'Pages' }).locator('.pager-range')
const nextPage = (page: Page) => page.getByRole('button', { name: 'Next page' })

let proxies: SlowCountProxy[] = []
test.afterEach(async () => {
  for (const proxy of proxies) await proxy.close()
  proxies = []
})

test('records come first and the exact total follows from its own request', async ({ page }) => {
  const proxy = await startSlowCountProxy(E2E_BASE_URL, 4_000)
  proxies.push(proxy)
  await openApp(page)
  await fillLiveForm(page, { baseUrl: proxy.baseUrl, resourceId: E2E_PUBLIC_RESOURCE, limit: '10' })
  const sent: { body: unknown; total: boolean }[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(proxy.baseUrl) && request.method() === 'POST') sent.push({ body: request.postDataJSON(), total: isTotalRequest(request) })
  })
  await page.getByRole('button', { name: 'Run query' }).click()

  // the page, while the count is still held by the server
  await expect(statusRegion(page)).toHaveText(/^Showing 10 records, counting the total…/, { timeout: 2_000 })
  expect(await gridColumn(page, 'code')).toEqual(codes(courses.slice(0, 10)))
  await expect(page.getByRole('region', { name: 'Request' })).toContainText('"include_total":false')
  await expect(page.getByRole('region', { name: 'Request' })).toContainText('the total follows in a second request')
  // then the count
  await expect(statusRegion(page)).toHaveText(new RegExp(`^Showing 10 of ${courses.length} records`), { timeout: 10_000 })
  await expect(range(page)).toHaveText(`Records 1–10 of ${courses.length}`)
  expect(sent).toEqual([
    { body: { resource_id: E2E_PUBLIC_RESOURCE, limit: 10, include_total: false }, total: false },
    { body: { resource_id: E2E_PUBLIC_RESOURCE, limit: 0 }, total: true },
  ])
  expect(proxy.counts()).toBe(1)

  // another page of the same query: its total is known already, nothing is counted again
  await nextPage(page).click()
  await expect(range(page)).toHaveText(`Records 11–20 of ${courses.length}`)
  expect(proxy.counts()).toBe(1)
  expect(sent).toContainEqual({ body: { resource_id: E2E_PUBLIC_RESOURCE, limit: 10, include_total: false, offset: 10 }, total: false })
  expect(sent.filter((request) => request.total)).toHaveLength(1)
})

test('paging with the total still unknown reaches the last page: a full page means there may be a next one', async ({ page }) => {
  const proxy = await startSlowCountProxy(E2E_BASE_URL, 120_000)
  proxies.push(proxy)
  await openApp(page)
  await fillLiveForm(page, { baseUrl: proxy.baseUrl, resourceId: E2E_PUBLIC_RESOURCE, limit: '25' })
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(statusRegion(page)).toHaveText(/^Showing 25 records, counting the total…/)
  const seen = [...(await gridColumn(page, 'code'))]
  for (const expected of ['Records 26–50', `Records 51–${courses.length}`]) {
    await nextPage(page).click()
    await expect(range(page)).toHaveText(expected)
    seen.push(...(await gridColumn(page, 'code')))
  }
  expect(seen).toEqual(codes(courses))
  // a short page is the last one
  await expect(nextPage(page)).toBeDisabled()
  await expect(resultsTable(page)).toBeVisible()
})
