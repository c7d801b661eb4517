// Big demo answers: the demo engine's worker parses them and hands the page columns (as the live
// answer worker does), so the page stays usable while 32,000 records arrive.
import { LARGE_RESOURCE_ID } from '../src/demo/metadata.ts'
import { resultsTable, statusRegion } from './fixtures/app.ts'
import { watchTasksUntilShown } from './fixtures/tasks-until-shown.ts'
import { expect, test } from './fixtures/test.ts'

test('a 32,000-record demo answer leaves the page responsive: typing is taken while it arrives, its text never reaches the page, and (with E2E_PERF=1) no task freezes the page', async ({ page }) => {
  test.setTimeout(120_000)
  // What the demo engine's worker sends the page, message by message (its kind and the length of any answer text).
  await page.addInitScript(() => {
    const received: { kind: string; textLength: number }[] = []
    ;(window as unknown as { received: typeof received }).received = received
    const listen = Worker.prototype.addEventListener
    Worker.prototype.addEventListener = function (this: Worker, type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) {
      if (type === 'message') {
        listen.call(this, 'message', (event: Event) => {
          const data = (event as MessageEvent<{ kind?: string; response?: { body?: string } }>).data
          received.push({ kind: String(data.kind), textLength: data.response?.body?.length ?? 0 })
        })
      }
      listen.call(this, type, listener, options)
    } as typeof Worker.prototype.addEventListener
  })
  await page.goto(`/?resource=${LARGE_RESOURCE_ID}&limit=32000`)
  await expect(statusRegion(page)).toHaveText(/^Showing 32,000 of/, { timeout: 90_000 })

  // The controls are found before watching: Playwright's own search of the page's labels runs on the
  // page's thread too, and is no task of ours.
  await page.getByLabel('Limit').fill('31999')
  const search = await page.getByLabel('Search text').elementHandle()
  const run = await page.getByRole('button', { name: 'Run query' }).elementHandle()
  if (!search || !run) throw new Error('no search field or Run button')

  // The worker's messages and main-thread tasks from now on; the tasks that end before the status
  // says "Showing 31,999" are the ones of asking the engine and receiving its answer.
  await page.evaluate(() => {
    ;(window as unknown as { received: unknown[] }).received.length = 0
  })
  const arriving = await watchTasksUntilShown(page, 'Showing 31,999')
  await run.click()
  await search.click()
  await page.keyboard.type('typed while it arrives')
  expect(await search.inputValue()).toBe('typed while it arrives')
  await arriving.shown(30_000)
  await expect(statusRegion(page)).toHaveText(/^Showing 31,999 of/)
  await expect(resultsTable(page).locator('tbody tr[aria-rowindex="2"] td').first()).not.toBeEmpty()

  // Parsing an answer of this size on the page was one task of several hundred ms. Measured here and
  // now (the machine's load moves both): receiving the worker's columns leaves no task of even half a
  // JSON.parse of a text that size, nor over 100 ms.
  const parseMs = await page.evaluate(() => {
    const record = Object.fromEntries(Array.from({ length: 14 }, (_, field) => [`field_${field}`, `value ${field} of a demo record`]))
    const text = JSON.stringify({ success: true, result: { records: Array.from({ length: 31_999 }, (_, row) => ({ _id: row + 1, ...record })) } })
    const started = performance.now()
    JSON.parse(text)
    return performance.now() - started
  })
  const tasks = await arriving.tasks()
  // The engine's HTTP answer was read in the worker: its text never came to the page, its records came as columns.
  const received = await page.evaluate(() => (window as unknown as { received: { kind: string; textLength: number }[] }).received)
  expect(received.filter((message) => message.kind === 'response' && message.textLength > 100_000)).toEqual([])
  expect(received.filter((message) => message.kind === 'part').length).toBeGreaterThan(1)
  test.info().annotations.push({ type: 'main-thread tasks (ms)', description: `${JSON.stringify(tasks.all.map(Math.round))}; one JSON.parse of a text that size: ${Math.round(parseMs)}` })
  // The budget swings past itself with the machine's load whatever the app does (102-153 ms at load 2-4
  // on 2 cores): it is asserted when asked for (E2E_PERF=1, an idle machine), as wide-answer.spec.ts does.
  if (process.env.E2E_PERF === '1') {
    expect(Math.max(0, ...tasks.beforeShown), 'the longest main-thread task while the answer arrived (ms)').toBeLessThan(Math.max(100, parseMs / 2))
  }
})

test('while the demo engine still counts a big resource, the pager says so too, not that a server estimated the total', async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto(`/?resource=${LARGE_RESOURCE_ID}`)
  await expect(statusRegion(page)).toHaveText(/^Showing [\d,]+ of ≈[\d,]+ records, counting…/, { timeout: 60_000 })
  const pager = page.getByRole('navigation', { name: 'Pages' })
  await expect(pager).toContainText(/of ≈[\d,]+, counting…/)
  await expect(pager).not.toContainText('estimated')
  // Then the exact total, in both.
  await expect(statusRegion(page)).toHaveText(/^Showing [\d,]+ of 1,000,000 records ·/, { timeout: 90_000 })
  await expect(pager).toContainText('of 1,000,000')
  await expect(pager).not.toContainText('counting')
})
