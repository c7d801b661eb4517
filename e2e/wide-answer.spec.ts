// A hostile answer of 10,000 fields: columns are virtualised like rows (pinned ones always drawn), so
// it draws without freezing the tab and typing stays quick.
import { fillLiveForm, openApp, resultsTable, statusRegion } from './fixtures/app.ts'
import { MANY_FIELDS, MANY_FIELDS_RECORDS, startFaultServer, type FaultServer } from './fixtures/fault-server.ts'
import { E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { watchTasksUntilShown } from './fixtures/tasks-until-shown.ts'
import { expect, test } from './fixtures/test.ts'

let faults: FaultServer
test.beforeAll(async () => {
  faults = await startFaultServer()
})
test.afterAll(async () => {
  await faults.close()
})

test('for the 10,000-field answer the grid draws in view only (task budget <= 200 ms with E2E_PERF=1), typing stays quick, pinning still works', async ({ page }) => {
  test.setTimeout(90_000)
  await openApp(page)
  await fillLiveForm(page, { baseUrl: faults.baseUrl('fields10000'), resourceId: E2E_PUBLIC_RESOURCE, limit: String(MANY_FIELDS_RECORDS) })
  const watch = await watchTasksUntilShown(page, `Showing ${MANY_FIELDS_RECORDS}`)
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(statusRegion(page)).toHaveText(new RegExp(`^Showing ${MANY_FIELDS_RECORDS} of ${MANY_FIELDS_RECORDS} records`), { timeout: 30_000 })
  const table = resultsTable(page)
  await expect(table).toHaveAttribute('aria-colcount', String(MANY_FIELDS))
  await expect(table.locator('tbody tr[aria-rowindex="2"] td[aria-colindex="3"]')).toHaveText('r0f00002')
  // Settled: let the drawing's tasks end.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)))
  const drawn = await page.evaluate(() => document.querySelectorAll('.grid th, .grid td').length)
  expect(drawn, 'header and body cells in the page').toBeLessThan(1000)
  const { all } = await watch.tasks()
  // The target is 200 ms on an idle machine; on a loaded one everything is slower, so the bound is
  // never below the target and never below three times one JSON.parse of this answer measured here and now.
  const parseMs = await page.evaluate(async (url) => {
    const text = await (await fetch(url, { method: 'POST', body: '{"limit":20}' })).text()
    const started = performance.now()
    JSON.parse(text)
    return performance.now() - started
  }, `${faults.baseUrl('fields10000')}/api/action/datastore_search`)
  const note = `${JSON.stringify(all.map(Math.round))}; one JSON.parse of the answer: ${Math.round(parseMs)} ms`
  test.info().annotations.push({ type: 'main-thread tasks over 50 ms (ms)', description: note })
  console.info(`10,000 fields: tasks over 50 ms ${note}`)
  // On a machine shared with other heavy work the longest task swings well past the target whatever
  // the app does; the budget is asserted only when asked for (E2E_PERF=1, an idle machine).
  if (process.env.E2E_PERF === '1') {
    expect(Math.max(0, ...all), 'the longest main-thread task while the answer was read and drawn (ms)').toBeLessThanOrEqual(Math.max(200, 3 * parseMs))
  }

  // Typing in the form while the grid shows 10,000 columns: the time from each key to the next frame.
  const search = page.getByLabel('Search text')
  await search.click()
  const perKey = await page.evaluate(async () => {
    const input = document.querySelector<HTMLInputElement>('#' + CSS.escape(document.activeElement?.id ?? ''))
    if (!input) throw new Error('no focused input')
    const times: number[] = []
    for (const key of 'typed') {
      const started = performance.now()
      input.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set
      setter?.call(input, input.value + key)
      input.dispatchEvent(new InputEvent('input', { data: key, inputType: 'insertText', bubbles: true }))
      input.dispatchEvent(new KeyboardEvent('keyup', { key, bubbles: true }))
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
      times.push(performance.now() - started)
    }
    return times
  })
  await expect(search).toHaveValue('typed')
  test.info().annotations.push({ type: 'key to next frame (ms)', description: JSON.stringify(perKey.map(Math.round)) })
  console.info(`10,000 fields: key to next frame ${JSON.stringify(perKey.map(Math.round))} ms`)
  // 50 ms a key on an idle machine; scaled like the task bound above on a loaded one (a JSON.parse of
  // this answer takes about 25 ms idle), and judged on the typical key, not one the machine stalled.
  const typical = perKey.toSorted((a, b) => a - b)[Math.floor(perKey.length / 2)] ?? 0
  expect(typical, 'the typical key, from keydown to the next frame (ms)').toBeLessThanOrEqual(Math.max(50, parseMs / 4))

  // Scrolled far right, a pinned column is still drawn beside the columns in view.
  await page.getByRole('button', { name: 'Column menu f00001' }).click()
  await page.getByRole('menuitem', { name: 'Pin column', exact: true }).click()
  await table.locator('xpath=..').evaluate((element) => element.scrollTo(element.scrollWidth / 2, 0))
  await expect(table.locator('thead th').first()).toHaveAttribute('aria-label', 'f00001')
  await expect(table.locator('tbody tr[aria-rowindex="2"] td').first()).toHaveText('r0f00001')
  const far = Number(await table.locator('tbody tr[aria-rowindex="2"] td').nth(1).getAttribute('aria-colindex'))
  expect(far).toBeGreaterThan(1000)
  await expect(table.locator(`tbody tr[aria-rowindex="2"] td[aria-colindex="${far}"]`)).toHaveText(`r0f${String(far - 1).padStart(5, '0')}`)
})
