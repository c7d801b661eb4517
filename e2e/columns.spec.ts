// Columns: the chooser sends `fields` and keeps it in the link, hidden columns always come back; the
// header menu sorts, hides and filters; a cell's "Filter by this value" adds a chip and runs.
import type { Page } from '@playwright/test'
import { seriousAxeViolations } from './fixtures/axe-serious.ts'
import { ACTION_PATH, fillLiveForm, gridColumn, openApp, resultsTable, runQuery, statusRegion, SUCCESS_STATUS } from './fixtures/app.ts'
import { loadCourses } from './fixtures/courses-oracle.ts'
import { E2E_BASE_URL, E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { expect, test } from './fixtures/test.ts'

const courses = loadCourses()
const ACTION_URL = E2E_BASE_URL + ACTION_PATH
const ALL_FIELDS = ['_id', ...Object.keys(courses[0] ?? {})]

async function headers(page: Page): Promise<string[]> {
  return resultsTable(page).evaluate((table) => [...table.querySelectorAll('thead th')].map((th) => th.getAttribute('aria-label') ?? ''))
}

/** The body of the next POST to the reference server, once its answer is on screen. */
async function nextBody(page: Page, action: () => Promise<void>): Promise<Record<string, unknown>> {
  const sent = page.waitForRequest((request) => request.url() === ACTION_URL && request.method() === 'POST')
  await action()
  const request = await sent
  await request.response()
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  return request.postDataJSON() as Record<string, unknown>
}

test('live: the chooser sends `fields` and keeps it in the link; moving a column too', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '10' })
  await runQuery(page)
  expect(await headers(page)).toEqual(ALL_FIELDS)

  const columns = page.getByRole('button', { name: 'Columns' })
  await columns.click()
  await expect(columns).toHaveAttribute('aria-expanded', 'true')
  const body = await nextBody(page, () => page.getByRole('checkbox', { name: 'title', exact: true }).uncheck())
  expect(body.fields).toEqual(ALL_FIELDS.filter((field) => field !== 'title'))
  expect(await headers(page)).toEqual(ALL_FIELDS.filter((field) => field !== 'title'))

  const moved = await nextBody(page, () => page.getByRole('button', { name: 'Move fee earlier' }).click())
  const order = ['_id', 'code', 'subject', 'stage', 'campus', 'fee', 'credits']
  expect(moved.fields).toEqual(order)
  await expect(page.getByRole('button', { name: 'Move fee earlier' })).toBeFocused()
  expect(await headers(page)).toEqual(order)
  expect(new URL(page.url()).searchParams.getAll('fields')).toEqual(order)
  // The grid groups digits in the browser's locale (en-US here): 2,273.55.
  expect((await gridColumn(page, 'fee')).map((text) => Number(text.replace(/,/g, '')))).toEqual(courses.slice(0, 10).map((row) => Number(row.fee)))

  expect(await seriousAxeViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(columns).toHaveAttribute('aria-expanded', 'false')
  await expect(columns).toBeFocused()
})

test('live: a link with hidden and moved columns reopens as it was, and can bring the hidden ones back', async ({ page, browser, baseURL, problems }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '10' })
  await runQuery(page)
  await page.getByRole('button', { name: 'Columns' }).click()
  await nextBody(page, () => page.getByRole('checkbox', { name: 'title', exact: true }).uncheck())
  await nextBody(page, () => page.getByRole('button', { name: 'Move fee earlier' }).click())
  const order = ['_id', 'code', 'subject', 'stage', 'campus', 'fee', 'credits']

  const fresh = await browser.newContext({ baseURL })
  try {
    const other = await fresh.newPage()
    problems.watch(other)
    await other.goto(new URL(page.url()).pathname + new URL(page.url()).search)
    await expect(statusRegion(other)).toHaveText(SUCCESS_STATUS)
    expect(await headers(other)).toEqual(order)
    await other.getByRole('button', { name: 'Columns' }).click()
    const title = other.getByRole('checkbox', { name: 'title', exact: true })
    await expect(title).not.toBeChecked()
    await title.check()
    await expect(resultsTable(other).getByRole('columnheader', { name: 'title', exact: true })).toBeVisible()
    await other.getByRole('button', { name: 'Show all' }).click()
    await expect.poll(() => headers(other)).toEqual(ALL_FIELDS)
    expect(new URL(other.url()).searchParams.getAll('fields')).toEqual([])
  } finally {
    await fresh.close()
  }
})

test('demo: the column header menu sorts, hides and filters by a value, by keyboard', async ({ page }) => {
  await openApp(page)
  const menuButton = page.getByRole('button', { name: 'Column menu stage' })
  await menuButton.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu', { name: 'Column stage' })
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('menuitem', { name: 'Sort ascending' })).toBeFocused()
  expect(await seriousAxeViolations(page)).toEqual([])
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(menu).toBeHidden()
  await expect(resultsTable(page).getByRole('columnheader', { name: 'stage', exact: true })).toHaveAttribute('aria-sort', 'descending')

  await menuButton.focus()
  await page.keyboard.press('Enter')
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(menuButton).toBeFocused()

  await menuButton.click()
  await menu.getByRole('menuitem', { name: 'Filter by a value…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Filter stage' })
  await dialog.getByLabel('Value of stage (exact text)').fill('active')
  await dialog.getByLabel('Value of stage (exact text)').press('Enter')
  await expect(page.getByRole('button', { name: 'Remove filter stage = active' })).toBeVisible()
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  const stages = await gridColumn(page, 'stage')
  expect(stages.length).toBeGreaterThan(0)
  expect(new Set(stages)).toEqual(new Set(['active']))

  await page.getByRole('button', { name: 'Column menu subject' }).click()
  await page.getByRole('menuitem', { name: 'Hide column' }).click()
  await expect(resultsTable(page).getByRole('columnheader', { name: 'subject', exact: true })).toHaveCount(0)
  expect(new URL(page.url()).searchParams.getAll('fields')).not.toContain('subject')
})

test('live: a cell’s "Filter by this value" adds the chip and runs', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '10' })
  await runQuery(page)
  const campus = courses[0]?.campus ?? ''
  const firstRow = resultsTable(page).locator('tbody tr[aria-rowindex="2"]')
  const campusCell = firstRow.locator('td').nth(ALL_FIELDS.indexOf('campus'))
  await campusCell.hover()
  const body = await nextBody(page, () => campusCell.getByRole('button', { name: 'Filter by this value' }).click())
  expect(body.filters).toEqual({ campus })
  await expect(page.getByRole('button', { name: `Remove filter campus = ${campus}` })).toBeVisible()
  const expected = courses.filter((row) => row.campus === campus)
  expect(await gridColumn(page, 'campus')).toEqual(expected.slice(0, 10).map((row) => row.campus))
})
