// Accessibility (axe, WCAG 2 A and AA) in both colour schemes, and the narrowest supported screen.
import { AxeBuilder } from '@axe-core/playwright'
import { gridRecords, openApp, resultsTable } from './fixtures/app.ts'
import { expect, test } from './fixtures/test.ts'

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds no serious or critical violation on the main screen with results (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme })
    await openApp(page)
    await expect(resultsTable(page).getByRole('row')).not.toHaveCount(0)
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    const brightness = (background.match(/\d+/g) ?? []).slice(0, 3).reduce((sum, part) => sum + Number(part), 0) / 3
    expect(brightness > 128 ? 'light' : 'dark', `the page follows the ${colorScheme} scheme (background ${background})`).toBe(colorScheme)
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
    const serious = results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ rule: violation.id, impact: violation.impact, help: violation.help, where: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')) }))
    expect(serious).toEqual([])
    expect(results.passes.length, 'axe really checked the page').toBeGreaterThan(10)
  })
}

test('at 360 px wide the page itself never scrolls sideways (the grid may)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await openApp(page)
  expect((await gridRecords(page)).length).toBeGreaterThan(0)
  const overflow = await page.evaluate(() => ({
    page: Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth),
    body: Math.max(0, document.body.scrollWidth - document.documentElement.clientWidth),
  }))
  expect(overflow).toEqual({ page: 0, body: 0 })
  await page.getByRole('radio', { name: 'Live API' }).check()
  await expect(page.getByLabel('Base URL')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0)
})

test('the results table reads as one header row of column headers (each with its sort and menu buttons) and one row per record', async ({ page }) => {
  await openApp(page, '?limit=2&fields=subject&fields=stage')
  const table = resultsTable(page)
  await expect(table).toHaveAttribute('aria-rowcount', '3')
  // The whole tree, in order: no row of blank cells between the headers and the records.
  await expect(table).toMatchAriaSnapshot(`
    - table "Results":
      - rowgroup:
        - row "subject stage":
          - columnheader "subject":
            - button "subject"
            - button "Column menu subject"
            - separator "Resize subject"
          - columnheader "stage":
            - button "stage"
            - button "Column menu stage"
            - separator "Resize stage"
      - rowgroup:
        - row /Biology closed/:
          - cell /Biology/:
            - button "Details of row 1"
            - text: Biology
          - cell "closed"
        - row /Chemistry active/:
          - cell /Chemistry/:
            - button "Details of row 2"
            - text: Chemistry
          - cell "active"
  `)
  expect(await table.getByRole('row').count()).toBe(3)
  await page.getByRole('button', { name: 'Column menu stage' }).click()
  await expect(page.getByRole('menu', { name: 'Column stage' }).getByRole('menuitem')).toHaveText(['Sort ascending', 'Sort descending', 'Pin column', 'Hide column', 'Filter by a value…', 'Summary', 'Copy column'])
})
