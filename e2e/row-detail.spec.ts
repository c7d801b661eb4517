// Row detail: rows are focusable and move with the arrows; Enter or Details opens "Record <_id>"
// with every field, its JSON, copy buttons and Previous/Next record; Esc closes, focus returns.
import { seriousAxeViolations } from './fixtures/axe-serious.ts'
import { fillLiveForm, openApp, resultsTable, runQuery } from './fixtures/app.ts'
import { loadCourses } from './fixtures/courses-oracle.ts'
import { E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { expect, test } from './fixtures/test.ts'

const courses = loadCourses()

test('demo: arrows move between rows, Enter opens the record, Next record moves on, Esc returns focus to its row', async ({ page }) => {
  await openApp(page)
  const table = resultsTable(page)
  await table.locator('tbody tr[aria-rowindex="2"]').focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  const third = table.locator('tbody tr[aria-rowindex="4"]')
  await expect(third).toBeFocused()
  await page.keyboard.press('Enter')

  const panel = page.getByRole('dialog', { name: 'Record 3' })
  await expect(panel).toBeVisible()
  await expect(panel.getByRole('definition').first()).toContainText('3')
  const json = JSON.parse((await panel.locator('.record-json pre').textContent()) ?? '{}') as Record<string, unknown>
  expect(json._id).toBe(3)
  expect(Object.keys(json)).toEqual(expect.arrayContaining(['subject', 'stage']))

  expect(await seriousAxeViolations(page)).toEqual([])

  await panel.getByRole('button', { name: 'Next record' }).click()
  await expect(page.getByRole('dialog', { name: 'Record 4' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(table.locator('tbody tr[aria-rowindex="5"]')).toBeFocused()

  // End jumps to the last row and scrolls it into view (the grid is virtualised).
  await page.keyboard.press('End')
  const last = table.locator('tbody tr[aria-rowindex="101"]')
  await expect(last).toBeFocused()
  await expect(last).toBeInViewport()
})

test('live: the Details button shows every field as text, copies the JSON and a value, and filters by a value', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '10' })
  await runQuery(page)
  const course = courses[1] ?? {}
  await resultsTable(page).locator('tbody tr[aria-rowindex="3"]').getByRole('button', { name: 'Details' }).click()
  const panel = page.getByRole('dialog', { name: 'Record 2' })
  await expect(panel).toBeVisible()
  for (const [field, value] of Object.entries(course)) {
    await expect(panel.locator('.record-field').filter({ has: page.getByText(field, { exact: true }) }).locator('dd')).toContainText(value)
  }

  await panel.getByRole('button', { name: 'Copy JSON' }).click()
  await expect(panel).toContainText('Copied the record as JSON.')
  expect(JSON.parse(await page.evaluate(() => navigator.clipboard.readText()))).toEqual({ _id: 2, ...course, credits: Number(course.credits), fee: Number(course.fee) })
  await panel.getByRole('button', { name: 'Copy title' }).click()
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(course.title)

  await panel.getByRole('button', { name: 'Previous record' }).click()
  await expect(page.getByRole('dialog', { name: 'Record 1' })).toBeVisible()
  await page.getByRole('dialog', { name: 'Record 1' }).getByRole('button', { name: 'Filter by this value: stage' }).click()
  await expect(page.getByRole('button', { name: `Remove filter stage = ${courses[0]?.stage}` })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test('demo: Next record past the last row of a page opens the next page’s first record, Previous comes back', async ({ page }) => {
  await openApp(page, '?limit=5')
  await resultsTable(page).locator('tbody tr[aria-rowindex="6"]').getByRole('button', { name: 'Details' }).click()
  await expect(page.getByRole('dialog', { name: 'Record 5' })).toBeVisible()
  await page.getByRole('button', { name: 'Next record' }).click()
  await expect(page.getByRole('dialog', { name: 'Record 6' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Next record' })).toBeFocused()
  expect(new URL(page.url()).searchParams.get('offset')).toBe('5')
  await page.getByRole('button', { name: 'Previous record' }).click()
  await expect(page.getByRole('dialog', { name: 'Record 5' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(resultsTable(page).locator('tbody tr[aria-rowindex="6"]')).toBeFocused()
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('Records 1–5 of 120')
})
