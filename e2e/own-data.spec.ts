// Your own data: a generated 200,000-row CSV (about 20 MB) is read in the worker with a progress bar,
// becomes a demo resource with a new UUID listed beside the bundled ones, and answers queries. A file
// dropped onto the page is added the same way.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openApp, statusRegion, SUCCESS_STATUS } from './fixtures/app.ts'
import { expect, test } from './fixtures/test.ts'

const ROWS = 200_000
const GROUPS = 8
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/

function generatedCsv(rows: number): string {
  const lines = ['id,name,grp,amount,note']
  for (let i = 1; i <= rows; i++) {
    lines.push(`${i},item ${i},g${i % GROUPS},${(i * 1.25).toFixed(2)},"row ${i} of the generated file, with a comma and some padding text"`)
  }
  return lines.join('\n') + '\n'
}

test('a generated 200,000-row CSV uploads with progress, gets a new UUID and answers queries', async ({ page }) => {
  test.setTimeout(120_000)
  const folder = await mkdtemp(join(tmpdir(), 'own-data-'))
  try {
    const path = join(folder, 'generated-200k.csv')
    await writeFile(path, generatedCsv(ROWS))
    await openApp(page)
    await page.getByLabel('Add a data file').setInputFiles(path)
    await expect(page.getByRole('progressbar', { name: 'Reading generated-200k.csv' })).toBeVisible()

    const added = page.getByText(/^Added generated-200k\.csv/)
    await expect(added).toBeVisible({ timeout: 60_000 })
    await expect(added).toContainText('200,000 records')
    const id = UUID.exec((await added.textContent()) ?? '')?.[0]
    expect(id).toBeDefined()
    await expect(page.getByLabel('Resource ID')).toHaveValue(id ?? '')
    await expect(page.locator(`datalist option[value="${id}"]`)).toHaveCount(1)
    await expect(statusRegion(page)).toHaveText(/of 200,000 records/)

    await page.getByLabel('Filter field').fill('grp')
    await page.getByLabel('Filter value').fill('g3')
    await page.getByRole('button', { name: 'Add filter' }).click()
    await page.getByLabel('Search text').fill('item 1999')
    await page.getByRole('button', { name: 'Run query' }).click()
    await expect(statusRegion(page)).toHaveText(SUCCESS_STATUS)
    // "item 1999" occurs in item 1999 and 19990..19999 and 199900..199999; of those, id % 8 == 3.
    const expected = [1999, ...range(19990, 19999), ...range(199900, 199999)].filter((n) => n % GROUPS === 3).length
    await expect(statusRegion(page)).toHaveText(new RegExp(`^Showing ${expected} (of ${expected} )?records?`))
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
})

test('a large file answers its first page while it is still being read, then gives the exact total', async ({ page }) => {
  test.setTimeout(180_000)
  const rows = 500_000
  const folder = await mkdtemp(join(tmpdir(), 'own-data-'))
  try {
    const path = join(folder, 'generated-500k.csv')
    await writeFile(path, generatedCsv(rows))
    await openApp(page)
    // Every text the status shows, recorded in the page: on a fast machine the counting state may last
    // less than one of Playwright's polls.
    await statusRegion(page).evaluate((status) => {
      const seen: string[] = []
      Object.assign(window, { statusTexts: seen })
      new MutationObserver(() => seen.push(status.textContent ?? '')).observe(status, { subtree: true, childList: true, characterData: true })
    })
    await page.getByLabel('Add a data file').setInputFiles(path)
    await expect(page.getByRole('progressbar', { name: 'Reading generated-500k.csv' })).toBeVisible()
    await expect(page.getByRole('table', { name: 'Results' })).toContainText('row 1 of the generated file', { timeout: 60_000 })
    // Then the exact total, without running the query again.
    await expect(statusRegion(page)).toHaveText(/^Showing [\d,]+ of 500,000 records ·/, { timeout: 120_000 })
    // Before it, an answer from the part read so far: an estimated total ("≈"), still being counted.
    // Only an answer given before the load ended can say so.
    const shown = await page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts)
    expect(shown.some((text) => /^Showing [\d,]+ of ≈[\d,]+ records, counting…/.test(text)), `status texts: ${JSON.stringify([...new Set(shown)])}`).toBe(true)
    await expect(page.getByText(/^Added generated-500k\.csv/)).toContainText('500,000 records')
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
})

test('a file dropped onto the page is added and queried; the drop zone shows while dragging', async ({ page }) => {
  await openApp(page)
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer()
    transfer.items.add(new File(['city,people\nOslo,700000\nBergen,290000\n'], 'cities.csv', { type: 'text/csv' }))
    return transfer
  })
  await page.dispatchEvent('main', 'dragenter', { dataTransfer })
  await expect(page.getByText('Drop a CSV or JSON file to add it to the demo')).toBeVisible()
  await page.dispatchEvent('main', 'dragover', { dataTransfer })
  await page.dispatchEvent('main', 'drop', { dataTransfer })
  await expect(page.getByText('Drop a CSV or JSON file to add it to the demo')).toBeHidden()
  await expect(page.getByText(/^Added cities\.csv \(2 records/)).toBeVisible()
  await expect(statusRegion(page)).toHaveText(/^Showing 2 (of 2 )?records/)
  await expect(page.getByRole('table', { name: 'Results' })).toContainText('Bergen')
})

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i)
}

test('live: a dropped file is refused with a reason and the page stays (the query is not lost)', async ({ page }) => {
  await openApp(page)
  await page.getByRole('radio', { name: 'Live API' }).check()
  const before = page.url()
  const dataTransfer = await page.evaluateHandle(() => {
    const transfer = new DataTransfer()
    transfer.items.add(new File(['a,b\n1,2\n'], 'mine.csv', { type: 'text/csv' }))
    return transfer
  })
  await page.dispatchEvent('main', 'dragenter', { dataTransfer })
  await expect(page.getByText('switch the source to Demo, then drop the file')).toBeVisible()
  await page.dispatchEvent('main', 'drop', { dataTransfer })
  await expect(page.getByText('switch the source to Demo, then drop the file')).toBeHidden()
  expect(page.url()).toBe(before)
  await expect(page.getByRole('radio', { name: 'Live API' })).toBeChecked()
  await expect(page.getByText(/^Added mine\.csv/)).toHaveCount(0)
})
