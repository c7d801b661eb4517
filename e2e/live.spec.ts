// Live API mode against the real reference server (`npm run api` with the e2e fixtures): the exact
// request the browser sends, and the records it shows, compared with the fixture file itself.
import { ACTION_PATH, addFilter, fillLiveForm, gridColumn, gridRecords, openApp, pageParams, resultsTable, runQuery, statusRegion } from './fixtures/app.ts'
import { codes, loadCourses, matching } from './fixtures/courses-oracle.ts'
import { E2E_BASE_URL, E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { expect, test } from './fixtures/test.ts'

const courses = loadCourses()
const ACTION_URL = E2E_BASE_URL + ACTION_PATH

test.beforeEach(async ({ page }) => {
  await openApp(page)
})

test('a live POST sends exactly the JSON request of the form and shows the matching records', async ({ page }) => {
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, q: 'BIO', limit: '3', method: 'POST' })
  const request = await runQuery(page)

  expect(request.method()).toBe('POST')
  expect(request.url()).toBe(ACTION_URL)
  const headers = await request.allHeaders()
  expect(headers['content-type']).toBe('application/json')
  expect(headers.authorization, 'no Authorization header without a token').toBeUndefined()
  expect(pageParams(request)).toEqual({ resource_id: E2E_PUBLIC_RESOURCE, limit: 3, q: 'BIO' })

  const expected = matching(courses, { q: 'BIO' })
  expect(expected.length).toBeGreaterThan(3)
  expect(await gridColumn(page, 'code')).toEqual(codes(expected.slice(0, 3)))
  await expect(statusRegion(page)).toHaveText(new RegExp(`^Showing 3 of ${expected.length} records · \\d+ ms`))
})

test('a live GET sends the parameters in the query string, filters as JSON text, and no body', async ({ page }) => {
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, q: 'in', limit: '4', method: 'GET' })
  await addFilter(page, 'stage', 'active')
  const request = await runQuery(page)

  expect(request.method()).toBe('GET')
  const url = new URL(request.url())
  expect(`${url.origin}${url.pathname}`).toBe(ACTION_URL)
  expect(pageParams(request)).toEqual({
    resource_id: E2E_PUBLIC_RESOURCE,
    limit: '4',
    q: 'in',
    filters: JSON.stringify({ stage: 'active' }),
  })
  expect([...url.searchParams.keys()].filter((key) => key !== 'include_total')).toHaveLength(4)
  expect(request.postData()).toBeNull()
  const headers = await request.allHeaders()
  expect(headers.authorization).toBeUndefined()
  expect(headers['content-type']).toBeUndefined()

  const expected = matching(courses, { q: 'in', filters: { stage: ['active'] } })
  expect(await gridColumn(page, 'code')).toEqual(codes(expected.slice(0, 4)))
})

test('filter chips: two values of one field are any-of, two fields are all-of, and a chip can be removed', async ({ page }) => {
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '100' })
  await addFilter(page, 'subject', 'Biology')
  await addFilter(page, 'subject', 'Chemistry')
  await addFilter(page, 'stage', 'active')
  const request = await runQuery(page)
  expect(pageParams(request)).toEqual({
    resource_id: E2E_PUBLIC_RESOURCE,
    limit: 100,
    filters: { subject: ['Biology', 'Chemistry'], stage: 'active' },
  })
  const both = matching(courses, { filters: { subject: ['Biology', 'Chemistry'], stage: ['active'] } })
  expect(new Set(both.map((row) => row.subject)), 'the fixture has active records of both subjects').toEqual(new Set(['Biology', 'Chemistry']))
  const rows = await gridRecords(page)
  expect(rows.map((row) => row.code)).toEqual(codes(both))
  for (const row of rows) {
    expect(['Biology', 'Chemistry']).toContain(row.subject)
    expect(row.stage).toBe('active')
  }

  await page.getByRole('button', { name: 'Remove filter subject = Chemistry' }).click()
  await expect(page.getByRole('button', { name: 'Remove filter subject = Chemistry' })).toHaveCount(0)
  const after = await runQuery(page)
  expect(pageParams(after)).toEqual({ resource_id: E2E_PUBLIC_RESOURCE, limit: 100, filters: { subject: 'Biology', stage: 'active' } })
  expect(await gridColumn(page, 'code')).toEqual(codes(matching(courses, { filters: { subject: ['Biology'], stage: ['active'] } })))
})

test('sorting a complete result happens in the browser: no request, aria-sort, shift-click adds a key', async ({ page }) => {
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '100' })
  await runQuery(page)
  await expect(statusRegion(page)).toHaveText(new RegExp(`^Showing ${courses.length} of ${courses.length} records`))

  const sent: string[] = []
  page.on('request', (request) => {
    if (request.url().startsWith(ACTION_URL)) sent.push(request.method())
  })
  const header = (name: string) => resultsTable(page).getByRole('columnheader', { name, exact: true })

  await header('credits').getByRole('button', { name: 'credits', exact: true }).click()
  await expect(header('credits')).toHaveAttribute('aria-sort', 'ascending')
  await expect(statusRegion(page)).toHaveText(/sorted in your browser/)
  const ascending = (await gridColumn(page, 'credits')).map(Number)
  expect(ascending).toEqual(courses.map((row) => Number(row.credits)).toSorted((a, b) => a - b))

  await header('credits').getByRole('button', { name: 'credits', exact: true }).click()
  await expect(header('credits')).toHaveAttribute('aria-sort', 'descending')
  await header('fee').getByRole('button', { name: 'fee', exact: true }).click({ modifiers: ['Shift'] })
  await expect(header('credits')).toHaveAttribute('aria-sort', 'descending')
  const rows = await gridRecords(page)
  const expected = courses.toSorted((a, b) => Number(b.credits) - Number(a.credits) || Number(a.fee) - Number(b.fee))
  expect(rows.map((row) => row.code)).toEqual(codes(expected))

  expect(sent, 'sorting a complete result sends nothing').toEqual([])
  expect(new URL(page.url()).searchParams.getAll('sort')).toEqual(['credits desc', 'fee asc'])
})

test('sorting a partial result asks the server with `sort` and says so', async ({ page }) => {
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '10' })
  await runQuery(page)
  const header = resultsTable(page).getByRole('columnheader', { name: 'fee', exact: true })

  const sent = page.waitForRequest((request) => request.url() === ACTION_URL && request.method() === 'POST')
  await header.getByRole('button', { name: 'fee', exact: true }).click()
  const request = await sent
  expect(pageParams(request)).toEqual({ resource_id: E2E_PUBLIC_RESOURCE, limit: 10, sort: 'fee asc' })
  await request.response()
  await expect(header).toHaveAttribute('aria-sort', 'ascending')
  await expect(statusRegion(page)).toHaveText(new RegExp(`^Showing 10 of ${courses.length} records · \\d+ ms · sorted by the server`))
  const cheapest = courses.map((row) => Number(row.fee)).toSorted((a, b) => a - b).slice(0, 10)
  expect((await gridColumn(page, 'fee')).map(Number)).toEqual(cheapest)
})
