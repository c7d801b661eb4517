// A spreadsheet's habits in the grid, each with the keyboard alone and with the mouse: resize, pin,
// move, select and copy, numbers with digit grouping. Widths, pins and order are the view's: in the
// link, and cleared by Reset view. Demo mode: the reference engine answers in the page.
import type { Locator, Page } from '@playwright/test'
import { fillLiveForm, openApp, resultsTable, runQuery, statusRegion } from './fixtures/app.ts'
import { loadCourses } from './fixtures/courses-oracle.ts'
import { E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { expect, test } from './fixtures/test.ts'

const courses = loadCourses()
const LARGE = '9f3c6a14-7e2b-4d58-a1c9-8b0e5d4f3a03'

test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

async function headers(page: Page): Promise<string[]> {
  return resultsTable(page).evaluate((table) => [...table.querySelectorAll('thead th')].map((th) => th.getAttribute('aria-label') ?? ''))
}

const separator = (page: Page, field: string) => page.getByRole('separator', { name: `Resize ${field}` })
const header = (page: Page, field: string) => resultsTable(page).getByRole('columnheader', { name: field, exact: true })
const cell = (page: Page, row: number, col: number) => resultsTable(page).locator(`tbody tr[aria-rowindex="${row + 2}"] td[aria-colindex="${col + 1}"]`)
const linkParams = (page: Page, name: string) => new URL(page.url()).searchParams.getAll(name)
const without = (list: string[], ...gone: string[]) => list.filter((item) => !gone.includes(item))
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())
const width = async (locator: Locator) => Math.round((await locator.boundingBox())?.width ?? 0)

/**
 * Every focus or active-cell indicator drawn in the grid's body, as `row/col` (aria indexes; `row/-`
 * for a whole row): a row's outline (its focus ring) or a cell's inset box-shadow (the active cell).
 */
async function focusIndicators(page: Page): Promise<string[]> {
  return resultsTable(page).evaluate((table) =>
    [...table.querySelectorAll('tbody tr, tbody td')].flatMap((element) => {
      const style = getComputedStyle(element)
      const row = element.closest('tr')?.getAttribute('aria-rowindex') ?? '?'
      const drawn = (style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none'
      return drawn ? [`${row}/${element.getAttribute('aria-colindex') ?? '-'}`] : []
    }),
  )
}

/** The reference server's courses (the records the oracle knows), 20 of them, in the grid. */
async function openLiveCourses(page: Page): Promise<void> {
  await openApp(page)
  await fillLiveForm(page, { resourceId: E2E_PUBLIC_RESOURCE, limit: '20' })
  await runQuery(page)
}

/** The courses as the spreadsheet should receive them: header row, then raw values, tab-separated. */
function coursesTsv(fields: string[], first: number, last: number): string {
  const rows = courses.slice(first, last + 1).map((course, index) => ({ _id: String(first + index + 1), ...course }))
  return [fields.join('\t'), ...rows.map((row) => fields.map((field) => (row as Record<string, string>)[field] ?? '').join('\t'))].map((line) => `${line}\r\n`).join('')
}

test('resize with the mouse: drag the edge, double-click to fit; the width is in the link and Reset view clears it', async ({ page }) => {
  await openApp(page, '?limit=20')
  const handle = separator(page, 'title')
  // hover waits until the handle stands still (two frames alike), so the press lands on it
  await handle.hover()
  const before = Number(await handle.getAttribute('aria-valuenow'))
  expect(before).toBe(await width(header(page, 'title')))
  const box = await handle.boundingBox()
  if (!box) throw new Error('no separator box')
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2, { steps: 4 })
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2, { steps: 4 })
  await page.mouse.up()
  await expect(handle).toHaveAttribute('aria-valuenow', String(before + 80))
  expect(await width(header(page, 'title'))).toBe(before + 80)
  expect(await width(cell(page, 0, 4))).toBe(before + 80)
  expect(linkParams(page, 'width')).toEqual([`title ${before + 80}`])

  await handle.dblclick()
  const fitted = Number(await handle.getAttribute('aria-valuenow'))
  expect(fitted).not.toBe(before + 80)
  // The widest title drawn fits without being cut short.
  const cutShort = await resultsTable(page).evaluate((table) =>
    [...table.querySelectorAll('tbody td[aria-colindex="5"] > span')].some((span) => span.scrollWidth > span.clientWidth + 1),
  )
  expect(cutShort).toBe(false)
  expect(linkParams(page, 'width')).toEqual([`title ${fitted}`])

  await page.getByRole('button', { name: 'Reset view' }).click()
  expect(linkParams(page, 'width')).toEqual([])
  await expect(handle).toHaveAttribute('aria-valuenow', String(before))
})

test('resize with the keyboard: arrows step 10 px, Shift+arrows 50 px, on the Resize separator', async ({ page }) => {
  await openApp(page, '?limit=20')
  await page.getByRole('button', { name: 'Column menu subject' }).focus()
  await page.keyboard.press('Tab')
  const handle = separator(page, 'subject')
  await expect(handle).toBeFocused()
  const before = Number(await handle.getAttribute('aria-valuenow'))
  await page.keyboard.press('ArrowRight')
  await expect(handle).toHaveAttribute('aria-valuenow', String(before + 10))
  await page.keyboard.press('Shift+ArrowRight')
  await expect(handle).toHaveAttribute('aria-valuenow', String(before + 60))
  await page.keyboard.press('ArrowLeft')
  await expect(handle).toHaveAttribute('aria-valuenow', String(before + 50))
  expect(await width(header(page, 'subject'))).toBe(before + 50)
  expect(linkParams(page, 'width')).toEqual([`subject ${before + 50}`])
  // The link brings the width back.
  await page.reload()
  await expect(separator(page, 'subject')).toHaveAttribute('aria-valuenow', String(before + 50))
})

test('pin with the keyboard: the column menu pins a column at the start, and unpins it', async ({ page }) => {
  await openApp(page, '?limit=20')
  const initial = await headers(page)
  await page.getByRole('button', { name: 'Column menu stage' }).focus()
  await page.keyboard.press('Enter')
  const pin = page.getByRole('menuitem', { name: 'Pin column', exact: true })
  while (!(await pin.evaluate((item) => item === document.activeElement))) await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  expect(await headers(page)).toEqual(['stage', ...without(initial, 'stage')])
  expect(linkParams(page, 'pin')).toEqual(['stage'])
  await expect(page.getByRole('button', { name: 'Column menu stage' })).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(page.getByRole('menuitem', { name: 'Pin column', exact: true })).toHaveCount(0)
  const unpin = page.getByRole('menuitem', { name: 'Unpin column' })
  while (!(await unpin.evaluate((item) => item === document.activeElement))) await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  expect(await headers(page)).toEqual(initial)
  expect(linkParams(page, 'pin')).toEqual([])
})

test('pin with the mouse: pinned columns stay at the start while the grid scrolls sideways', async ({ page }) => {
  await openApp(page, '?limit=20')
  for (const field of ['title', 'code', 'fee']) {
    await page.getByRole('button', { name: `Column menu ${field}` }).click()
    await page.getByRole('menuitem', { name: 'Pin column', exact: true }).click()
  }
  expect((await headers(page)).slice(0, 3)).toEqual(['title', 'code', 'fee'])
  expect(linkParams(page, 'pin')).toEqual(['title', 'code', 'fee'])
  const scroller = resultsTable(page).locator('xpath=..')
  const leftBefore = (await header(page, 'code').boundingBox())?.x
  const cellBefore = (await cell(page, 0, 1).boundingBox())?.x
  await scroller.evaluate((element) => element.scrollBy(300, 0))
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
  expect((await header(page, 'code').boundingBox())?.x).toBe(leftBefore)
  expect((await cell(page, 0, 1).boundingBox())?.x).toBe(cellBefore)
  // An unpinned column did move.
  expect(await scroller.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0)
})

test('move with the keyboard in the chooser, and by dragging a header with the mouse; the order is in the link', async ({ page }) => {
  await openApp(page, '?limit=20')
  const initial = await headers(page)
  await page.getByRole('button', { name: 'Columns' }).focus()
  await page.keyboard.press('Enter')
  const later = page.getByRole('button', { name: 'Move _id later' })
  await later.focus()
  await page.keyboard.press('Enter')
  const moved = ['code', '_id', ...without(initial, 'code', '_id')]
  expect(initial.slice(0, 2)).toEqual(['_id', 'code'])
  await expect.poll(() => headers(page)).toEqual(moved)
  await expect(later).toBeFocused()
  await page.keyboard.press('Escape')

  await header(page, 'stage').dragTo(header(page, 'code'))
  const dragged = ['stage', ...without(moved, 'stage')]
  await expect.poll(() => headers(page)).toEqual(dragged)
  expect(linkParams(page, 'fields')).toEqual(dragged)
  await page.getByRole('button', { name: 'Reset view' }).click()
  await expect.poll(() => headers(page)).toEqual(initial)
})

test('numbers read with digit grouping, right-aligned; copies and the record panel keep the raw value', async ({ page }) => {
  await page.goto(`/?resource=${LARGE}&limit=5&offset=123455&fields=_id`)
  await expect(statusRegion(page)).toHaveText(/^Showing 5 of/)
  const first = cell(page, 0, 0)
  await expect(first).toHaveText('123,456')
  expect(await first.evaluate((td) => getComputedStyle(td).textAlign)).toBe('right')
  await first.click()
  await page.keyboard.press('ControlOrMeta+c')
  expect(await clipboard(page)).toBe('_id\r\n123456\r\n')
  await page.getByRole('button', { name: 'Details' }).first().click()
  await expect(page.getByRole('dialog')).toContainText('"_id": 123456')
})

test('select with the mouse: click, Shift+click, Ctrl+C copies the cells with their header row, equal to the records', async ({ page }) => {
  await openLiveCourses(page)
  await cell(page, 1, 2).click()
  await cell(page, 4, 4).click({ modifiers: ['Shift'] })
  await expect(resultsTable(page).locator('td.cell-selected')).toHaveCount(12)
  await page.keyboard.press('ControlOrMeta+c')
  expect(await clipboard(page)).toBe(coursesTsv(['subject', 'stage', 'title'], 1, 4))
  await expect(page.getByText('Copied 4 rows × 3 columns')).toBeVisible()
  // One focus indicator, the active cell (the last clicked): the first row clicked keeps no ring.
  await expect.poll(() => focusIndicators(page)).toEqual(['6/5'])
  await expect(resultsTable(page).locator('tbody tr[aria-rowindex="6"]')).toBeFocused()
})

test('select with the keyboard: arrows move, Shift+arrows extend, Ctrl+C copies; Copy column from the menu', async ({ page }) => {
  await openLiveCourses(page)
  // Tab from the last header control into the grid's rows.
  await resultsTable(page).locator('thead [role="separator"]').last().focus()
  await page.keyboard.press('Tab')
  await expect(resultsTable(page).locator('tbody tr[aria-rowindex="2"]')).toBeFocused()
  // A row alone has its focus ring; once a cell is active, the cell's outline is the only one.
  await expect.poll(() => focusIndicators(page)).toEqual(['2/-'])
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => focusIndicators(page)).toEqual(['3/2'])
  await page.keyboard.press('Shift+ArrowDown')
  await page.keyboard.press('Shift+ArrowDown')
  await page.keyboard.press('Shift+ArrowRight')
  await page.keyboard.press('ControlOrMeta+c')
  expect(await clipboard(page)).toBe(coursesTsv(['code', 'subject'], 1, 3))
  await expect.poll(() => focusIndicators(page)).toEqual(['5/3'])

  await page.getByRole('button', { name: 'Column menu credits' }).focus()
  await page.keyboard.press('Enter')
  const copyColumn = page.getByRole('menuitem', { name: 'Copy column' })
  await page.keyboard.press('End')
  await expect(copyColumn).toBeFocused()
  await page.keyboard.press('Enter')
  await expect.poll(() => clipboard(page)).toBe(coursesTsv(['credits'], 0, 19))
})
