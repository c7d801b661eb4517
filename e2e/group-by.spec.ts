// Group by: the demo engine's grouping of the 1,000,000-record resource (count by category; mean cost
// by month of opened over a search), live against the reference server without datastore_search_sql
// (counts per value, or the loaded records, said plainly), each against groups this test works out
// from the data itself; the chart's accessible name and text alternative; the grouping in the link; axe.
import { readFileSync } from 'node:fs'
import type { Download, Locator, Page } from '@playwright/test'
import { seriousAxeViolations } from './fixtures/axe-serious.ts'
import { fillLiveForm, openApp, runQuery, statusRegion } from './fixtures/app.ts'
import { loadCourses, matching } from './fixtures/courses-oracle.ts'
import { csvRows, generatedGroups } from './fixtures/group-oracle.ts'
import { E2E_BASE_URL, E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { expect, test } from './fixtures/test.ts'

const courses = loadCourses()
const english = new Intl.NumberFormat('en-US')

function panel(page: Page): Locator {
  return page.getByRole('region', { name: 'Group by' })
}

async function openGroupBy(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Group by', exact: true })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(panel(page)).toBeVisible()
}

async function downloadedCsv(page: Page): Promise<string[][]> {
  const [download]: [Download, void] = await Promise.all([page.waitForEvent('download'), panel(page).getByRole('button', { name: 'Download CSV' }).click()])
  return csvRows(readFileSync(await download.path(), 'utf8'))
}

/** The top `top` groups by count (ties by key), and what is left for `other`. */
function topByCount(groups: Map<string, { count: number }>, top: number) {
  const sorted = [...groups].sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1))
  const rest = sorted.slice(top)
  return { kept: sorted.slice(0, top).map(([key, group]) => [key, group.count] as const), otherGroups: rest.length, otherCount: rest.reduce((sum, [, group]) => sum + group.count, 0) }
}

test('demo, 1,000,000 records: count by category and mean cost by month of opened equal the generated data', async ({ page }) => {
  test.setTimeout(240_000)
  await page.goto('/?resource=generated-1m')
  await expect(statusRegion(page)).toHaveText(/^Showing 100 of 1,000,000 records/, { timeout: 120_000 })
  await openGroupBy(page)
  await panel(page).getByLabel('Group field').selectOption({ label: 'category (text)' })
  const byCategory = generatedGroups({ key: 'category' })
  await expect(panel(page)).toContainText('exact over all 1,000,000 matching records', { timeout: 60_000 })
  await expect(panel(page).getByText(`${byCategory.groups.size} groups`, { exact: true })).toBeVisible()
  const chart = panel(page).getByRole('img', { name: 'Chart of count by category' })
  await expect(chart).toBeVisible()
  const expected = topByCount(byCategory.groups, 20)
  const table = panel(page).getByRole('table', { name: 'Groups' })
  // the table, as shown: each key a filter button, counts with digit grouping
  const first = expected.kept[0]
  await expect(table.getByRole('row').nth(1)).toHaveText(`${first?.[0]}${english.format(first?.[1] ?? 0)}`)
  await expect(table.getByRole('button', { name: `Filter category = ${first?.[0]}` })).toBeVisible()
  await expect(table.locator('tfoot')).toHaveText(`other (${expected.otherGroups} groups)${english.format(expected.otherCount)}`)
  // the chart's text alternative: its groups in words, and the table as its details
  await expect(chart).toHaveAccessibleDescription(new RegExp(`^count by category: ${first?.[0]}: ${english.format(first?.[1] ?? 0)}; .*; other \\(${expected.otherGroups} groups\\): ${english.format(expected.otherCount)}$`))
  expect(await chart.evaluate((element) => document.getElementById(element.getAttribute('aria-details') ?? '')?.getAttribute('aria-label'))).toBe('Groups')
  const csv = await downloadedCsv(page)
  expect(csv[0]).toEqual(['category', 'count'])
  expect(csv.slice(1, -1).map(([key, count]) => [key, Number(count)])).toEqual(expected.kept)
  expect(csv.at(-1)).toEqual([`(other: ${expected.otherGroups} groups)`, String(expected.otherCount)])
  await expect(page).toHaveURL(/[?&]group=category(&|$)/)

  // mean cost by month of opened, over a search
  const byMonth = generatedGroups({ q: 'Leak', key: 'opened', month: true, mean: 'cost' })
  await page.getByLabel('Search text').fill('Leak')
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(statusRegion(page)).toHaveText(new RegExp(`^Showing 100 of ${english.format(byMonth.total)} records`), { timeout: 60_000 })
  await panel(page).getByLabel('Group field').selectOption({ label: 'opened by month' })
  await panel(page).getByLabel('Measure', { exact: true }).selectOption('mean')
  await panel(page).getByLabel('Measure field').selectOption('cost')
  await expect(panel(page)).toContainText(`exact over all ${english.format(byMonth.total)} matching records`, { timeout: 60_000 })
  await expect(panel(page).getByText(`${byMonth.groups.size} groups`, { exact: true })).toBeVisible()
  await expect(panel(page).getByRole('img', { name: 'Chart of mean cost by opened' })).toBeVisible()
  // month keys read as dates; every bin in key order, no other row
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('Jan 2019')
  await expect(table.locator('tfoot')).toHaveCount(0)
  const months = await downloadedCsv(page)
  expect(months[0]).toEqual(['opened (month)', 'mean cost', 'records'])
  const truth = [...byMonth.groups].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([key, group]) => [key, group.value, group.count])
  expect(months.slice(1).map(([key, value, count]) => [key, Number(value), Number(count)])).toEqual(truth)
  await expect(page).toHaveURL(/group=opened\+by\+month&measure=mean\+cost/)
  expect(await seriousAxeViolations(page)).toEqual([])
})

test('live: the grouping is restored from the link, a key press filters and runs, and the table sorts', async ({ page }) => {
  // every matching record is loaded (60 of the default 100), so the loaded records are exact
  await openApp(page, `?source=live&base=${encodeURIComponent(E2E_BASE_URL)}&resource=${E2E_PUBLIC_RESOURCE}&group=stage&measure=max+fee`)
  await expect(page.getByRole('button', { name: 'Group by', exact: true })).toHaveAttribute('aria-expanded', 'true')
  await expect(panel(page).getByLabel('Group field')).toHaveValue(JSON.stringify(['stage', null]))
  await expect(panel(page).getByLabel('Measure', { exact: true })).toHaveValue('max')
  const stages = new Map<string, number>()
  for (const row of courses) stages.set(row.stage ?? '', Math.max(stages.get(row.stage ?? '') ?? -Infinity, Number(row.fee)))
  await expect(panel(page)).toContainText(`exact over all ${courses.length} matching records (every one of them is loaded)`)
  const table = panel(page).getByRole('table', { name: 'Groups' })
  const [top] = [...stages].sort((a, b) => b[1] - a[1])
  const shown = (value: number) => new Intl.NumberFormat('en-US', { minimumFractionDigits: Number.isInteger(value) ? 0 : 2, maximumFractionDigits: 2 }).format(value)
  await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText(shown(top?.[1] ?? 0))

  await table.getByRole('button', { name: 'stage', exact: true }).click()
  await expect(table.getByRole('columnheader', { name: 'stage' })).toHaveAttribute('aria-sort', 'ascending')
  const sortedKeys = [...stages.keys()].sort((a, b) => a.localeCompare(b))
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(sortedKeys[0] ?? '')

  await table.getByRole('button', { name: 'Filter stage = active' }).click()
  await expect(page.getByRole('button', { name: 'Remove filter stage = active' })).toBeVisible()
  const active = matching(courses, { filters: { stage: ['active'] } })
  await expect(panel(page)).toContainText(`exact over all ${active.length} matching records`)
  await expect(panel(page).getByText('1 group', { exact: true })).toBeVisible()
  await expect(page).toHaveURL(/filter\.stage=active.*group=stage&measure=max\+fee/)
})

test('live without datastore_search_sql: counts per value through datastore_search, else the loaded records, said plainly', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '10' })
  await runQuery(page)
  await openGroupBy(page)
  await panel(page).getByLabel('Group field').selectOption({ label: 'subject (text)' })
  const counts = new Map<string, number>()
  for (const row of courses) counts.set(row.subject ?? '', (counts.get(row.subject ?? '') ?? 0) + 1)
  await expect(panel(page)).toContainText(new RegExp(`exact over all ${courses.length} matching records \\(counted by the server: \\d+ datastore_search requests\\)`))
  const csv = await downloadedCsv(page)
  expect(Object.fromEntries(csv.slice(1).map(([key, count]) => [key, Number(count)]))).toEqual(Object.fromEntries(counts))
  await expect(panel(page).getByRole('img', { name: 'Chart of count by subject' })).toBeVisible()

  // a mean needs SQL or the records: the ten loaded ones, and the line says so
  await panel(page).getByLabel('Measure', { exact: true }).selectOption('mean')
  await panel(page).getByLabel('Measure field').selectOption('fee')
  await expect(panel(page)).toContainText(`from 10 loaded records, not all ${courses.length} matching: this server offers no datastore_search_sql`)
  const loaded = new Map<string, number[]>()
  for (const row of courses.slice(0, 10)) loaded.set(row.subject ?? '', [...(loaded.get(row.subject ?? '') ?? []), Number(row.fee)])
  const means = await downloadedCsv(page)
  expect(Object.fromEntries(means.slice(1).map(([key, value]) => [key, Number(value)]))).toEqual(
    Object.fromEntries([...loaded].map(([key, fees]) => [key, fees.reduce((sum, fee) => sum + fee, 0) / fees.length])),
  )
  expect(await seriousAxeViolations(page)).toEqual([])
})
