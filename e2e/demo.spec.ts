// Demo mode: what a first-time visitor gets with no backend at all.
import { gridRecords, openApp, resultsTable, statusRegion, SUCCESS_STATUS } from './fixtures/app.ts'
import { expect, test } from './fixtures/test.ts'

test('the first load answers from the demo engine and no request leaves the page’s origin', async ({ page, baseURL }) => {
  const origins = new Set<string>()
  page.on('request', (request) => origins.add(new URL(request.url()).origin))
  await openApp(page)

  await expect(page.getByRole('radio', { name: 'Demo' })).toBeChecked()
  const status = (await statusRegion(page).textContent()) ?? ''
  const [, shown, total] = /^Showing ([\d,]+) of ([\d,]+) records · \d+ ms/.exec(status) ?? []
  expect(shown, `status "${status}" states records shown, total and time`).toBeDefined()
  const rows = await gridRecords(page)
  expect(Number(shown?.replace(/,/g, ''))).toBe(rows.length)
  expect(Number(total?.replace(/,/g, ''))).toBeGreaterThanOrEqual(rows.length)
  expect(rows.length).toBeGreaterThan(0)
  expect(Object.keys(rows[0] ?? {})).toEqual(expect.arrayContaining(['_id', 'subject', 'stage']))

  expect([...origins]).toEqual([new URL(baseURL ?? '').origin])
})

test('free text in demo mode keeps only records that contain the text in one field', async ({ page }) => {
  await openApp(page)
  const before = await statusRegion(page).textContent()
  await page.getByLabel('Search text').fill('BIO')
  await page.getByLabel('Search text').press('Enter')
  await expect(statusRegion(page)).not.toHaveText(before ?? '')
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)

  const rows = await gridRecords(page)
  expect(rows.length).toBeGreaterThan(0)
  for (const row of rows) {
    const fields = Object.entries(row).filter(([name]) => name !== '_id')
    expect(fields.some(([, value]) => value.toLowerCase().includes('bio')), `row ${row['_id']} contains "bio"`).toBe(true)
  }
  const status = (await statusRegion(page).textContent()) ?? ''
  expect(status).toMatch(new RegExp(`^Showing ${rows.length} of ${rows.length} records`))
  await expect(page.getByLabel('Search text')).toHaveValue('BIO')
  expect(new URL(page.url()).searchParams.get('q')).toBe('BIO')
})

test('the seed’s example runs as written in demo mode: stage = active, limit 5', async ({ page }) => {
  await openApp(page)
  await page.getByLabel('Limit').fill('5')
  await page.getByLabel('Filter field').fill('stage')
  await page.getByLabel('Filter value').fill('active')
  await page.getByLabel('Filter value').press('Enter')
  await expect(statusRegion(page)).toHaveText(/^Showing 5 of \d+ records/)
  const rows = await gridRecords(page)
  expect(rows.map((row) => row.stage)).toEqual(['active', 'active', 'active', 'active', 'active'])
  await expect(resultsTable(page)).toHaveAttribute('aria-rowcount', '6')
})
