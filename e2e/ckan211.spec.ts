// Live against a server that answers as CKAN 2.11 does where it differs from the reference server:
// distinct applied after limit, lists refused beside distinct or q, ties in another order on every
// request. Every summary labelled exact equals the counts this test makes from the file it wrote;
// pages and a sorted export under a sort with ties hold every record exactly once; the probe finds
// each difference.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { addFilter, fillLiveForm, gridColumn, nextSearchRequest, openApp, resultsTable, statusRegion } from './fixtures/app.ts'
import { startCkan211Server, type Ckan211Server } from './fixtures/ckan211-server.ts'
import { loadCourses } from './fixtures/courses-oracle.ts'
import { startExtraReferenceServer, type ExtraReferenceServer } from './fixtures/extra-reference-server.ts'
import { E2E_BASE_URL, E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { BROWSER_NETWORK_LOG, expect, test } from './fixtures/test.ts'

const PLACES = '5d0c2a8e-7b41-4c3e-9f60-2b8d1e4a7c59'
/** States with how many places each; '' is an empty cell. More than one export page (5,000) in all. */
const STATES: readonly [string, number][] = [['TX', 2100], ['CA', 2000], ['NY', 1200], ['WA', 800], ['', 400]]

interface Place {
  state: string
  city: string
  elevation: string
}

function writePlaces(dir: string): { file: string; rows: Place[] } {
  const rows: Place[] = []
  // Interleaved, so no state's rows sit together in `_id` order.
  const left = STATES.map(([state, count]) => ({ state, count }))
  for (let i = 0; left.some((entry) => entry.count > 0); i++) {
    const entry = left[i % left.length]
    if (!entry || entry.count === 0) continue
    entry.count--
    rows.push({ state: entry.state, city: `City ${rows.length + 1}`, elevation: (((rows.length * 7919) % 100_000) / 1000 + 0.00012345).toFixed(8) })
  }
  const file = join(dir, 'places.csv')
  writeFileSync(file, ['state,city,elevation', ...rows.map((row) => `${row.state},${row.city},${row.elevation}`)].join('\n') + '\n')
  return { file, rows }
}

let placesDir: string
let places: { file: string; rows: Place[] }
const courses = loadCourses()
let placesServer: ExtraReferenceServer
let ckan: Ckan211Server
let ckanCourses: Ckan211Server

test.beforeAll(async () => {
  placesDir = mkdtempSync(join(tmpdir(), 'ckan211-'))
  places = writePlaces(placesDir)
  placesServer = await startExtraReferenceServer({ [PLACES]: places.file })
  ckan = await startCkan211Server(placesServer.baseUrl)
  ckanCourses = await startCkan211Server(E2E_BASE_URL)
})
test.afterAll(async () => {
  await ckan?.close()
  await ckanCourses?.close()
  await placesServer?.close()
  if (placesDir) rmSync(placesDir, { recursive: true, force: true })
})

const summaries = (page: Page) => page.getByRole('region', { name: 'Column summaries' })
const fieldSummary = (page: Page, field: string) => summaries(page).getByRole('region', { name: `Summary of ${field}`, exact: true })
const figure = (summary: Locator, term: string) => summary.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('+ dd')

/** value -> count, read from the names of the summary's value buttons (`Filter state = TX: 2,100 records, 51%`). */
async function shownCounts(summary: Locator, field: string): Promise<Record<string, number>> {
  const names = await summary.getByRole('button', { name: new RegExp(`^Filter ${field} = `) }).evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''))
  return Object.fromEntries(
    names.map((name) => {
      const [, value = '', count = ''] = /^Filter \S+ = (.*): ([\d,]+) records?, /.exec(name) ?? []
      return [value, Number(count.replace(/,/g, ''))]
    }),
  )
}

/** Run query against `baseUrl`, until its answer is on screen. */
async function runAt(page: Page, baseUrl: string): Promise<void> {
  const sent = nextSearchRequest(page, baseUrl)
  await page.getByRole('button', { name: 'Run query' }).click()
  await (await sent).response()
  await expect(statusRegion(page)).not.toHaveText(/Loading/)
}

async function openSummaries(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Summaries', exact: true }).click()
  await expect(summaries(page)).toBeVisible()
}

test('summaries labelled exact are exact: a short distinct answer is never read as empty, and lists refused beside distinct are asked again without', async ({ page, problems }) => {
  problems.allowConsoleError(BROWSER_NETWORK_LOG.httpStatus(409))
  await openApp(page)
  await fillLiveForm(page, { baseUrl: ckan.baseUrl, resourceId: PLACES, limit: '100' })
  await addFilter(page, 'state', 'CA')
  await addFilter(page, 'state', 'TX')
  await runAt(page, ckan.baseUrl)
  await openSummaries(page)
  let state = fieldSummary(page, 'state')
  await expect(state).toContainText('exact over all 4,100 matching records')
  expect(await shownCounts(state, 'state')).toEqual({ TX: 2100, CA: 2000 })
  await expect(figure(state, 'distinct')).toHaveText('2')
  await expect(figure(state, 'empty')).toHaveText(/^0 /)

  // No filter: five distinct rows, the first 21 sorted rows all CA; the jump asks for lists once.
  await page.getByRole('button', { name: 'Remove filter state = CA' }).click()
  await page.getByRole('button', { name: 'Remove filter state = TX' }).click()
  await runAt(page, ckan.baseUrl)
  state = fieldSummary(page, 'state')
  await expect(state).toContainText(`exact over all ${places.rows.length.toLocaleString('en-US')} matching records`, { timeout: 15_000 })
  expect(await shownCounts(state, 'state')).toEqual(Object.fromEntries(STATES.filter(([name]) => name !== '')))
  await expect(figure(state, 'empty')).toHaveText(/^400 /)
  const refused = ckan.received.filter((body) => body.distinct === true && body.records_format === 'lists')
  expect(refused.length).toBeGreaterThan(0)
  const elevations = places.rows.map((row) => Number(row.elevation))
  const elevation = fieldSummary(page, 'elevation')
  // Min and max are exact over every record: shown with every digit of the file's value.
  await expect(elevation).toContainText('min and max exact over all')
  await expect(figure(elevation, 'min')).toHaveText(places.rows.find((row) => Number(row.elevation) === Math.min(...elevations))?.elevation.replace(/0+$/, '') ?? '')
  await expect(figure(elevation, 'mean')).toContainText(/^≈ /)
  await expect(figure(elevation, 'mean')).toContainText('from 100 loaded records')
})

test('pages under a sort with ties hold every record once, the status naming the range', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { baseUrl: ckanCourses.baseUrl, resourceId: E2E_PUBLIC_RESOURCE, limit: '10' })
  await runAt(page, ckanCourses.baseUrl)
  const stage = resultsTable(page).getByRole('columnheader', { name: 'stage', exact: true })
  await stage.getByRole('button', { name: 'stage', exact: true }).click()
  await expect(statusRegion(page)).toHaveText(/sorted by the server · records 1–10 of 60$/)
  const ids: string[] = []
  const stages: string[] = []
  for (let first = 1; first <= courses.length; first += 10) {
    if (first > 1) {
      await page.getByRole('button', { name: 'Next page' }).click()
      await expect(statusRegion(page)).toHaveText(new RegExp(`records ${first}–${first + 9} of ${courses.length}$`))
    }
    ids.push(...(await gridColumn(page, '_id')))
    stages.push(...(await gridColumn(page, 'stage')))
  }
  expect(ids.toSorted((a, b) => Number(a) - Number(b))).toEqual(courses.map((_, i) => String(i + 1)))
  expect(stages).toEqual(courses.map((row) => row.stage ?? '').toSorted())
  expect(ckanCourses.received.filter((body) => body.sort !== undefined).every((body) => String(body.sort).endsWith(', _id'))).toBe(true)
})

test('a sorted export beyond one page holds every record once; with search text it is asked again without lists', async ({ page, problems }) => {
  problems.allowConsoleError(BROWSER_NETWORK_LOG.httpStatus(409))
  await openApp(page)
  await fillLiveForm(page, { baseUrl: ckan.baseUrl, resourceId: PLACES, limit: '100' })
  await runAt(page, ckan.baseUrl)
  const state = resultsTable(page).getByRole('columnheader', { name: 'state', exact: true })
  await state.getByRole('button', { name: 'state', exact: true }).click()
  await expect(statusRegion(page)).toHaveText(/sorted by the server/)
  const exported = async () => {
    const downloaded = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export' }).click()
    await page.getByRole('menuitem', { name: 'JSON', exact: true }).click()
    return JSON.parse(await readFile(await (await downloaded).path(), 'utf8')) as { _id: number; state: string | null; city: string }[]
  }
  const all = await exported()
  expect(all).toHaveLength(places.rows.length)
  expect(new Set(all.map((record) => record._id)).size).toBe(places.rows.length)

  await page.getByLabel('Search text').fill('City 1')
  await runAt(page, ckan.baseUrl)
  await expect(statusRegion(page)).toHaveText(/^Showing 100 of 1,111 records/)
  const searched = await exported()
  const expected = places.rows.map((row, i) => ({ ...row, _id: i + 1 })).filter((row) => row.city.toLowerCase().includes('city 1'))
  expect(searched.map((record) => record._id).toSorted((a, b) => a - b)).toEqual(expected.map((row) => row._id))
  await expect(page.getByRole('alert')).toHaveCount(0)
})

test('the probe finds distinct applied after limit and lists refused beside distinct and q', async ({ page, problems }) => {
  problems.allowConsoleError(BROWSER_NETWORK_LOG.httpStatus(409))
  await openApp(page)
  await fillLiveForm(page, { baseUrl: ckanCourses.baseUrl, resourceId: E2E_PUBLIC_RESOURCE })
  await page.getByRole('button', { name: 'Probe this API' }).click()
  const region = page.getByRole('region', { name: 'API probe' })
  await expect(region).toContainText(/distinct with limit\s*limit applied before distinct/)
  await expect(region).toContainText(/Lists with distinct\s*refused/)
  await expect(region).toContainText(/Lists with free text \(q\)\s*refused/)
  await expect(region).toContainText('differs from the reference engine')
})

test('the real reference server: a descending sort puts empty values last, from a link as from a click', async ({ page }) => {
  const sent = page.waitForRequest((request) => request.url().startsWith(placesServer.baseUrl) && request.method() === 'POST')
  await openApp(page, `?source=live&base=${encodeURIComponent(placesServer.baseUrl)}&resource=${PLACES}&limit=10&sort=state+desc`)
  expect((await sent).postDataJSON()).toMatchObject({ sort: 'state desc nulls last, _id' })
  expect(await gridColumn(page, 'state')).toEqual(Array(10).fill('WA'))
  const last = page.waitForRequest((request) => request.url().startsWith(placesServer.baseUrl) && request.postDataJSON()?.offset === 6490)
  await openApp(page, `?source=live&base=${encodeURIComponent(placesServer.baseUrl)}&resource=${PLACES}&limit=10&offset=6490&sort=state+desc`)
  await last
  await expect(statusRegion(page)).toHaveText(/records 6,491–6,500 of 6,500$/)
  expect(new Set(await gridColumn(page, 'state'))).toEqual(new Set(['empty']))
})
