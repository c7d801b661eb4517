// Recent queries and examples: one click restores a query in the form and runs it; the list survives
// a reload, is cleared on request and never holds a token.
import { fillLiveForm, gridRecords, openApp, runQuery, statusRegion, SUCCESS_STATUS } from './fixtures/app.ts'
import { E2E_PRIVATE_RESOURCE, E2E_TOKEN } from './fixtures/server-args.ts'
import { expect, test } from './fixtures/test.ts'

test('demo: executed queries are listed newest first, survive a reload and run again in one click', async ({ page }) => {
  await openApp(page)
  const recent = page.getByRole('list', { name: 'Recent queries' })
  await page.getByLabel('Search text').fill('Physics')
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  await page.getByLabel('Search text').fill('Chemistry')
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(recent.getByRole('link').first()).toHaveText(/“Chemistry”/)
  await expect(recent.getByRole('link').nth(1)).toHaveText(/“Physics”/)

  await page.reload()
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  // Each entry is the query's own link (open in a new tab, copy); a plain click runs it here.
  await expect(recent.getByRole('link', { name: /“Physics”/ })).toHaveAttribute('href', /^\?(.+&)?q=Physics(&|$)/)
  await recent.getByRole('link', { name: /“Physics”/ }).click()
  await expect(page.getByLabel('Search text')).toHaveValue('Physics')
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  expect(new URL(page.url()).searchParams.get('q')).toBe('Physics')
  const rows = await gridRecords(page)
  expect(rows.length).toBeGreaterThan(0)
  expect(rows.every((row) => Object.values(row).some((value) => value.includes('Physics')))).toBe(true)
  // Running it again moved it to the top, once.
  await expect(recent.getByRole('link').first()).toHaveText(/“Physics”/)
  await expect(recent.getByRole('link', { name: /“Physics”/ })).toHaveCount(1)

  await page.getByRole('button', { name: 'Clear recent queries' }).click()
  await expect(recent.getByRole('link')).toHaveCount(0)
  await page.reload()
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  // Only the query the reload ran is listed.
  await expect(recent.getByRole('link')).toHaveCount(1)
})

test('an example query fills the form with its filters and runs', async ({ page }) => {
  await openApp(page, '?limit=5')
  await page.getByRole('link', { name: 'Active Biology courses' }).click()
  await expect(page.getByRole('button', { name: 'Remove filter subject = Biology' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Remove filter stage = active' })).toBeVisible()
  await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
  const rows = await gridRecords(page)
  expect(rows.length).toBeGreaterThan(0)
  expect(rows.every((row) => row.subject === 'Biology' && row.stage === 'active')).toBe(true)
})

test('live: a query run with a token is listed, and the token is stored nowhere', async ({ page }) => {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PRIVATE_RESOURCE, token: E2E_TOKEN, limit: '3' })
  await runQuery(page)
  await expect(page.getByRole('list', { name: 'Recent queries' }).getByRole('link').first()).toHaveText(new RegExp(E2E_PRIVATE_RESOURCE))
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }))
  expect(stored).toContain(E2E_PRIVATE_RESOURCE)
  expect(stored).not.toContain(E2E_TOKEN)
})
