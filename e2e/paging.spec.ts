// Totals and paging: Previous/Next page and Page size walk through a result with `offset` and
// `limit`, every record exactly once, the sort kept, and the page in the link.
import type { Page } from '@playwright/test'
import { ACTION_PATH, fillLiveForm, gridColumn, isTotalRequest, openApp, pageParams, resultsTable, runQuery, statusRegion, SUCCESS_STATUS } from './fixtures/app.ts'
import { codes, loadCourses } from './fixtures/courses-oracle.ts'
import { E2E_BASE_URL, E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { expect, test } from './fixtures/test.ts'

const courses = loadCourses()
const ACTION_URL = E2E_BASE_URL + ACTION_PATH

const range = (page: Page) => page.getByRole('navigation', { name: 'Pages' }).locator('.pager-range')
const nextPage = (page: Page) => page.getByRole('button', { name: 'Next page' })
const previousPage = (page: Page) => page.getByRole('button', { name: 'Previous page' })

/** Every request body the page POSTs to the reference server from now on. */
function recordBodies(page: Page): Record<string, unknown>[] {
  const bodies: Record<string, unknown>[] = []
  page.on('request', (request) => {
    if (request.url() === ACTION_URL && request.method() === 'POST' && !isTotalRequest(request)) bodies.push(pageParams(request))
  })
  return bodies
}

test('live: Next page walks through every record exactly once with offset and limit, and the page is in the link', async ({ page, browser, baseURL, problems }) => {
  await openApp(page)
  const bodies = recordBodies(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '25' })
  await runQuery(page)
  await expect(range(page)).toHaveText(`Records 1–25 of ${courses.length}`)
  await expect(previousPage(page)).toBeDisabled()

  const seen = [...(await gridColumn(page, 'code'))]
  for (const expected of [`Records 26–50 of ${courses.length}`, `Records 51–${courses.length} of ${courses.length}`]) {
    await nextPage(page).click()
    await expect(range(page)).toHaveText(expected)
    await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
    seen.push(...(await gridColumn(page, 'code')))
  }
  await expect(nextPage(page)).toBeDisabled()
  expect(seen).toEqual(codes(courses))
  expect(bodies).toEqual(
    expect.arrayContaining([
      { resource_id: E2E_PUBLIC_RESOURCE, limit: 25 },
      { resource_id: E2E_PUBLIC_RESOURCE, limit: 25, offset: 25 },
      { resource_id: E2E_PUBLIC_RESOURCE, limit: 25, offset: 50 },
    ]),
  )
  const link = new URL(page.url())
  expect(link.searchParams.get('offset')).toBe('50')
  expect(link.searchParams.get('limit')).toBe('25')

  await previousPage(page).click()
  await expect(range(page)).toHaveText(`Records 26–50 of ${courses.length}`)
  expect(await gridColumn(page, 'code')).toEqual(codes(courses.slice(25, 50)))

  const fresh = await browser.newContext({ baseURL })
  try {
    const other = await fresh.newPage()
    problems.watch(other)
    await other.goto(link.pathname + link.search)
    await expect(range(other)).toHaveText(`Records 51–${courses.length} of ${courses.length}`)
    expect(await gridColumn(other, 'code')).toEqual(codes(courses.slice(50)))
  } finally {
    await fresh.close()
  }
})

test('live: a server sort on a partial result is kept while paging', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '20' })
  await runQuery(page)
  const bodies = recordBodies(page)
  const fee = resultsTable(page).getByRole('columnheader', { name: 'fee', exact: true })
  await fee.getByRole('button', { name: 'fee', exact: true }).click()
  await expect(statusRegion(page)).toHaveText(/sorted by the server/)
  await nextPage(page).click()
  await expect(range(page)).toHaveText(`Records 21–40 of ${courses.length}`)
  await expect(statusRegion(page)).toHaveText(/sorted by the server/)
  await expect(fee).toHaveAttribute('aria-sort', 'ascending')
  const byFee = courses.toSorted((a, b) => Number(a.fee) - Number(b.fee))
  expect(await gridColumn(page, 'code')).toEqual(codes(byFee.slice(20, 40)))
  expect(bodies).toContainEqual({ resource_id: E2E_PUBLIC_RESOURCE, limit: 20, sort: 'fee asc', offset: 20 })
})

test('demo: the page size is the limit, keeps the first record shown, and a new search starts at page 1', async ({ page }) => {
  await openApp(page)
  await expect(range(page)).toHaveText(/^Records 1–100 of 120$/)
  await nextPage(page).click()
  await expect(range(page)).toHaveText('Records 101–120 of 120')
  expect(new URL(page.url()).searchParams.get('offset')).toBe('100')

  await page.getByLabel('Page size').selectOption('25')
  await expect(range(page)).toHaveText('Records 101–120 of 120')
  await expect(page.getByLabel('Limit')).toHaveValue('25')
  expect(new URL(page.url()).searchParams.get('limit')).toBe('25')
  const ids = await gridColumn(page, '_id')
  expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => String(101 + i)))

  await previousPage(page).focus()
  await page.keyboard.press('Enter')
  await expect(range(page)).toHaveText('Records 76–100 of 120')
  await expect(previousPage(page)).toBeFocused()

  await page.getByLabel('Search text').fill('a')
  await page.getByLabel('Search text').press('Enter')
  await expect(range(page)).toHaveText(/^Records 1–/)
  expect(new URL(page.url()).searchParams.get('offset')).toBeNull()
})
