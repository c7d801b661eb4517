// Column summaries: in demo mode (the engine's exact summary) and live against the reference server
// (distinct values and counts through datastore_search), compared with counts this test makes itself;
// a value press filters; a server that refuses `distinct` falls back quietly; a changed query never
// shows the previous query's summary.
import type { Locator, Page, Route } from '@playwright/test'
import { seriousAxeViolations } from './fixtures/axe-serious.ts'
import { ACTION_PATH, fillLiveForm, gridColumn, openApp, runQuery, statusRegion, SUCCESS_STATUS } from './fixtures/app.ts'
import { loadCourses, matching } from './fixtures/courses-oracle.ts'
import { E2E_BASE_URL, E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { BROWSER_NETWORK_LOG, expect, test } from './fixtures/test.ts'

const courses = loadCourses()

function panel(page: Page): Locator {
  return page.getByRole('region', { name: 'Column summaries' })
}

function fieldSummary(page: Page, field: string): Locator {
  return panel(page).getByRole('region', { name: `Summary of ${field}`, exact: true })
}

async function openSummaries(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Summaries', exact: true })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(panel(page)).toBeVisible()
}

/** The top values a field's summary shows, as value -> count, read from its filter buttons. */
async function shownCounts(summary: Locator, field: string): Promise<Record<string, number>> {
  const buttons = summary.getByRole('button', { name: new RegExp(`^Filter ${field} = `) })
  await expect(buttons.first()).toBeVisible()
  const entries = await buttons.evaluateAll((elements, prefix) =>
    elements.map((element) => [
      // The name reads out the count after the value: `Filter stage = active: 18 records, 30%`.
      (element.getAttribute('aria-label') ?? '').slice(prefix.length).replace(/: [≈\d,\s]+ records?, .*$/, ''),
      Number((element.querySelector('.summary-value-count')?.firstChild?.textContent ?? '').replace(/[^\d]/g, '')),
    ]),
  `Filter ${field} = `)
  return Object.fromEntries(entries)
}

function countBy(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const value of values) if (value !== '') counts[value] = (counts[value] ?? 0) + 1
  return counts
}

test('demo: the engine\'s summary counts equal the records of the query, and a value press filters and runs', async ({ page }) => {
  // Every matching record is loaded (limit 200), so the grid holds the truth to count from.
  await openApp(page, '?q=Advanced&limit=200')
  const stages = await gridColumn(page, 'stage')
  await openSummaries(page)
  const stage = fieldSummary(page, 'stage')
  await expect(stage).toContainText(`exact over all ${stages.length} matching records`)
  expect(await shownCounts(stage, 'stage')).toEqual(countBy(stages))
  await expect(stage.getByText('distinct', { exact: true })).toBeVisible()
  await expect(stage.getByText('empty', { exact: true })).toBeVisible()

  const credits = fieldSummary(page, 'credits')
  const numbers = (await gridColumn(page, 'credits')).map(Number)
  await expect(credits.getByRole('img', { name: 'Histogram of credits' })).toBeVisible()
  await expect(credits.locator('dt', { hasText: /^min$/ }).locator('+ dd')).toHaveText(String(Math.min(...numbers)))
  await expect(credits.locator('dt', { hasText: /^max$/ }).locator('+ dd')).toHaveText(String(Math.max(...numbers)))

  const [top] = Object.entries(countBy(stages)).sort((a, b) => b[1] - a[1])
  await stage.getByRole('button', { name: `Filter stage = ${top?.[0]}` }).click()
  await expect(page.getByRole('button', { name: `Remove filter stage = ${top?.[0]}` })).toBeVisible()
  await expect(statusRegion(page)).toHaveText(new RegExp(`^Showing ${top?.[1]} of ${top?.[1]} records?`))
  await expect(fieldSummary(page, 'stage')).toContainText(`exact over all ${top?.[1]} matching records`)
  expect(await shownCounts(fieldSummary(page, 'stage'), 'stage')).toEqual({ [top?.[0] ?? '']: top?.[1] })
})

test('demo: the column menu\'s Summary opens the panel on that field; the panel is axe-clean', async ({ page }) => {
  await openApp(page)
  await page.getByRole('button', { name: 'Column menu campus' }).click()
  await page.getByRole('menuitem', { name: 'Summary' }).click()
  await expect(fieldSummary(page, 'campus')).toBeFocused()
  await expect(page.getByRole('button', { name: 'Summaries', exact: true })).toHaveAttribute('aria-expanded', 'true')
  await expect(fieldSummary(page, 'campus')).toContainText('exact over all')
  expect(await seriousAxeViolations(page)).toEqual([])
})

test('live: exact counts over all matching records through datastore_search, within the request budget', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '10' })
  await runQuery(page)
  await openSummaries(page)
  const stage = fieldSummary(page, 'stage')
  await expect(stage).toContainText(`exact over all ${courses.length} matching records`)
  expect(await shownCounts(stage, 'stage')).toEqual(countBy(courses.map((row) => row.stage ?? '')))
  await expect(stage.locator('dt', { hasText: /^distinct$/ }).locator('+ dd')).toHaveText(String(new Set(courses.map((row) => row.stage)).size))

  const credits = fieldSummary(page, 'credits')
  const numbers = courses.map((row) => Number(row.credits))
  await expect(credits.locator('dt', { hasText: /^min$/ }).locator('+ dd')).toHaveText(String(Math.min(...numbers)))
  await expect(credits.locator('dt', { hasText: /^max$/ }).locator('+ dd')).toHaveText(String(Math.max(...numbers)))

  for (const summary of await panel(page).locator('[data-field]').all()) {
    await expect(summary).toHaveAttribute('aria-busy', 'false')
    expect(Number(await summary.getAttribute('data-live-requests'))).toBeLessThanOrEqual(23)
  }
})

test('live: when every matching record is loaded, the summaries are exact with no request of their own', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '100' })
  await runQuery(page)
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(E2E_BASE_URL + ACTION_PATH) && request.method() !== 'OPTIONS') sent.push(request.postData() ?? '')
  })
  await openSummaries(page)
  const stage = fieldSummary(page, 'stage')
  await expect(stage).toContainText(`exact over all ${courses.length} matching records`)
  expect(await shownCounts(stage, 'stage')).toEqual(countBy(courses.map((row) => row.stage ?? '')))
  await expect(stage).toHaveAttribute('data-live-requests', '0')
  expect(sent).toEqual([])
})

test('live: a value press adds the filter and runs; the summaries follow the new query', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '10' })
  await runQuery(page)
  await openSummaries(page)
  const expected = matching(courses, { filters: { stage: ['active'] } })
  const sent = page.waitForRequest((request) => request.url() === E2E_BASE_URL + ACTION_PATH && request.postDataJSON()?.limit === 10)
  await fieldSummary(page, 'stage').getByRole('button', { name: 'Filter stage = active' }).click()
  expect((await sent).postDataJSON()).toMatchObject({ filters: { stage: 'active' } })
  await expect(statusRegion(page)).toHaveText(new RegExp(`^Showing 10 of ${expected.length} records`))
  await expect(fieldSummary(page, 'subject')).toContainText(`exact over all ${expected.length} matching records`)
  expect(await shownCounts(fieldSummary(page, 'subject'), 'subject')).toEqual(countBy(expected.map((row) => row.subject ?? '')))
})

test('live: a server that refuses `distinct` gets a quiet summary of the loaded records, never an error over the results', async ({ page, problems }) => {
  problems.allowConsoleError(BROWSER_NETWORK_LOG.httpStatus(409))
  await page.route(`${E2E_BASE_URL}${ACTION_PATH}*`, async (route: Route) => {
    const body = route.request().postDataJSON() as Record<string, unknown> | null
    if (body?.distinct === undefined) return route.continue()
    return route.fulfill({
      status: 409,
      contentType: 'application/json',
      body: JSON.stringify({ help: '', success: false, error: { __type: 'Validation Error', __junk: ["The input field [('distinct',)] was not expected."] } }),
    })
  })
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '10' })
  await runQuery(page)
  await openSummaries(page)
  const stage = fieldSummary(page, 'stage')
  await expect(stage).toContainText('from 10 loaded records')
  await expect(stage).not.toContainText('asking the server')
  expect(await shownCounts(stage, 'stage')).toEqual(countBy(courses.slice(0, 10).map((row) => row.stage ?? '')))
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
})

test('live: a changed query cancels the summary requests under way and never shows their answer', async ({ page }) => {
  const aborted: string[] = []
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText.includes('ABORTED')) aborted.push(request.url())
  })
  // The first query's summary requests (no filters) are held back, so they are still under way.
  await page.route(`${E2E_BASE_URL}${ACTION_PATH}*`, async (route: Route) => {
    const body = route.request().postDataJSON() as Record<string, unknown> | null
    const summaryRequest = body?.distinct !== undefined || body?.limit === 0
    if (summaryRequest && body?.filters === undefined) await new Promise((resolve) => setTimeout(resolve, 4000))
    await route.continue().catch(() => undefined)
  })
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '10' })
  await runQuery(page)
  await openSummaries(page)
  await expect(fieldSummary(page, 'stage')).toContainText('asking the server')

  await page.getByLabel('Filter field').fill('subject')
  await page.getByLabel('Filter value').fill('Biology')
  await page.getByRole('button', { name: 'Add filter' }).click()
  await runQuery(page)
  const expected = matching(courses, { filters: { subject: ['Biology'] } })
  const stage = fieldSummary(page, 'stage')
  await expect(stage).toContainText(`exact over all ${expected.length} matching records`)
  expect(await shownCounts(stage, 'stage')).toEqual(countBy(expected.map((row) => row.stage ?? '')))
  expect(aborted.length).toBeGreaterThan(0)
  // Long after the held answers would have come, the summary is still the new query's.
  await page.waitForTimeout(4500)
  await expect(stage).toContainText(`exact over all ${expected.length} matching records`)
  expect(await shownCounts(stage, 'stage')).toEqual(countBy(expected.map((row) => row.stage ?? '')))
})
