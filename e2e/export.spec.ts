// Export: the downloaded file holds every record the query matches (not just the page on screen)
// and parses as CSV, JSON or NDJSON. Demo mode (the engine in the worker) and the reference server.
import { readFile } from 'node:fs/promises'
import type { Download, Page } from '@playwright/test'
import Papa from 'papaparse'
import { codes, loadCourses, matching } from './fixtures/courses-oracle.ts'
import { addFilter, fillLiveForm, openApp, runQuery, statusRegion, SUCCESS_STATUS } from './fixtures/app.ts'
import { E2E_BASE_URL, E2E_PRIVATE_RESOURCE, E2E_PUBLIC_RESOURCE, E2E_TOKEN } from './fixtures/server-args.ts'
import { expect, test } from './fixtures/test.ts'

type Row = Record<string, unknown>

async function exportAs(page: Page, format: 'CSV' | 'JSON' | 'NDJSON'): Promise<{ download: Download; text: string }> {
  const downloaded = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export' }).click()
  await page.getByRole('menuitem', { name: format, exact: true }).click()
  const download = await downloaded
  const path = await download.path()
  return { download, text: await readFile(path, 'utf8') }
}

function parseCsv(text: string): Row[] {
  expect(text.charCodeAt(0), 'the CSV starts with a UTF-8 byte order mark').toBe(0xfeff)
  const parsed = Papa.parse<Row>(text.slice(1), { header: true, skipEmptyLines: true })
  expect(parsed.errors).toEqual([])
  return parsed.data
}

function totalShown(status: string): number {
  const match = /of ([\d,]+) records/.exec(status)
  if (!match) throw new Error(`no total in the status: ${status}`)
  return Number(match[1].replace(/,/g, ''))
}

const today = () => {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

test('demo: CSV and JSON exports hold every matching record, beyond the limit shown', async ({ page }) => {
  await openApp(page, '?limit=5&filter.stage=active')
  const total = totalShown((await statusRegion(page).textContent()) ?? '')
  expect(total).toBeGreaterThan(5)
  await expect(page.getByText('Whole result, up to 100,000 records')).toBeVisible()

  const csv = await exportAs(page, 'CSV')
  expect(csv.download.suggestedFilename()).toBe(`courses-${today()}.csv`)
  const rows = parseCsv(csv.text)
  expect(rows).toHaveLength(total)
  expect(rows.every((row) => row.stage === 'active')).toBe(true)
  expect(new Set(rows.map((row) => row['_id'])).size).toBe(total)
  await expect(page.getByText(`Exported ${total} records to courses-${today()}.csv.`)).toBeVisible()

  const json = await exportAs(page, 'JSON')
  expect(json.download.suggestedFilename()).toBe(`courses-${today()}.json`)
  const records = JSON.parse(json.text) as Row[]
  expect(records.map((record) => String(record['_id']))).toEqual(rows.map((row) => row['_id']))
})

test('live: NDJSON and CSV exports of a searched, filtered query match the data file', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, q: 'a', limit: '2' })
  await addFilter(page, 'stage', 'active')
  await runQuery(page)
  const expected = codes(matching(loadCourses(), { q: 'a', filters: { stage: ['active'] } }))
  expect(expected.length).toBeGreaterThan(2)

  const ndjson = await exportAs(page, 'NDJSON')
  expect(ndjson.download.suggestedFilename()).toBe(`${E2E_PUBLIC_RESOURCE}-${today()}.ndjson`)
  const lines = ndjson.text.trimEnd().split('\n').map((line) => JSON.parse(line) as Row)
  expect(lines.map((record) => record.code)).toEqual(expected)

  const csv = parseCsv((await exportAs(page, 'CSV')).text)
  expect(csv.map((row) => row.code)).toEqual(expected)
})

test('the Export menu is keyboard operable and Esc returns focus to its button', async ({ page }) => {
  await openApp(page)
  const button = page.getByRole('button', { name: 'Export' })
  await button.focus()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('menuitem', { name: 'CSV' })).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('menuitem', { name: 'JSON', exact: true })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect(button).toBeFocused()
  await expect(button).toHaveAttribute('aria-expanded', 'false')
})

test('a large export shows progress and can be cancelled without saving a file', async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto('/?resource=generated-1m&limit=10')
  // The 1,000,000-record resource is built in the worker first.
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS, { timeout: 60_000 })
  let downloads = 0
  page.on('download', () => downloads++)
  await page.getByRole('button', { name: 'Export' }).click()
  await page.getByRole('menuitem', { name: 'NDJSON' }).click()
  const bar = page.getByRole('progressbar', { name: 'Exporting NDJSON' })
  await expect(bar).toBeVisible()
  await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 60_000 }).toBeGreaterThan(0)
  await page.getByRole('button', { name: 'Cancel export' }).click()
  await expect(bar).toHaveCount(0)
  await expect(page.getByText('Export cancelled; no file was saved.')).toBeVisible()
  expect(downloads).toBe(0)
})

test('live: a private resource exports with the token it was run with, sent only to its base URL', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PRIVATE_RESOURCE, token: E2E_TOKEN, limit: '1' })
  await runQuery(page)
  const expected = (JSON.parse(await readFile(new URL('./fixtures/private-grades.json', import.meta.url), 'utf8')) as unknown[]).length
  // A base URL typed afterwards (not run) must not receive the token.
  await page.getByLabel('Base URL').fill('http://127.0.0.1:1/other')
  const tokenSentTo: string[] = []
  page.on('request', (request) => {
    if (request.headers()['authorization'] !== undefined) tokenSentTo.push(request.url())
  })
  const lines = (await exportAs(page, 'NDJSON')).text.trimEnd().split('\n')
  expect(lines).toHaveLength(expected)
  expect(tokenSentTo.length).toBeGreaterThan(0)
  expect(tokenSentTo.every((url) => url.startsWith(E2E_BASE_URL))).toBe(true)
})
