// The page's own thread while a 32,000 x 50 live answer is taken over and drawn: the records stay in
// columns (read cell by cell as they are drawn), so the main thread's work does not grow with the
// records. Checked two ways: its CPU time for 32,000 records against that for 2,000 of the same 50
// fields (a ratio, so a loaded machine moves both), always; and the longest task against the 50 ms
// target, only when asked (E2E_PERF=1, an idle machine), as objects and as lists.
import type { CDPSession, Page } from '@playwright/test'
import { fillLiveForm, openApp, resultsTable, statusRegion } from './fixtures/app.ts'
import { startFaultServer, WIDE_FIELDS, type FaultServer } from './fixtures/fault-server.ts'
import { E2E_PUBLIC_RESOURCE } from './fixtures/server-args.ts'
import { expect, test } from './fixtures/test.ts'

let faults: FaultServer
test.beforeAll(async () => {
  faults = await startFaultServer()
})
test.afterAll(async () => {
  await faults.close()
})

interface Run {
  limit: number
  format: 'objects' | 'lists'
  /** The main thread's CPU time from the click to the answer drawn and settled (ms). */
  cpuMs: number
  /** Its tasks over 50 ms in that time (ms). */
  longTasks: number[]
}

async function threadTimeMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics')
  const threadTime = metrics.find((metric) => metric.name === 'ThreadTime')
  if (threadTime === undefined) throw new Error('Chromium reports no ThreadTime metric')
  return threadTime.value * 1000
}

/** Runs the form's query for `limit` records and measures the main thread until the grid is drawn and the page idle. */
async function run(page: Page, cdp: CDPSession, limit: number): Promise<Run> {
  await page.getByLabel('Limit').fill(String(limit))
  const body = (await page.locator('.request-body').textContent()) ?? ''
  const format = body.includes('"records_format":"lists"') ? 'lists' : 'objects'
  await page.evaluate(() => {
    const target = window as unknown as { longTasks: number[]; longTaskObserver?: PerformanceObserver }
    target.longTasks = []
    target.longTaskObserver?.disconnect()
    target.longTaskObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) target.longTasks.push(entry.duration)
    })
    target.longTaskObserver.observe({ type: 'longtask' })
  })
  const before = await threadTimeMs(cdp)
  await page.getByRole('button', { name: 'Run query' }).click()
  await expect(statusRegion(page)).toHaveText(new RegExp(`^Showing ${limit.toLocaleString('en-US')} of 32,000 records`), { timeout: 60_000 })
  await expect(resultsTable(page).locator('tbody tr[aria-rowindex="2"] td').nth(2)).toHaveText('r0c1')
  // Drawn, then idle: two frames and a quiet moment.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)))))
  const cpuMs = (await threadTimeMs(cdp)) - before
  const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks)
  return { limit, format, cpuMs, longTasks }
}

test('a 32,000 x 50 live answer costs the main thread no more than 2,000 records of it (no O(records) work there); longest task <= 50 ms with E2E_PERF=1', async ({ page }) => {
  test.setTimeout(180_000)
  await openApp(page)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  await fillLiveForm(page, { baseUrl: faults.baseUrl('wide32000'), resourceId: E2E_PUBLIC_RESOURCE })

  // The first big page is asked as objects (and teaches the page that this server takes lists);
  // then small and big pages alternate, as lists, each a new limit so a new request.
  const runs: Run[] = []
  for (const limit of [32_000, 2_000, 31_999, 1_999, 31_998, 1_998]) runs.push(await run(page, cdp, limit))
  await expect(resultsTable(page)).toHaveAttribute('aria-colcount', String(WIDE_FIELDS))
  const note = runs.map((r) => `${r.limit} ${r.format}: CPU ${Math.round(r.cpuMs)} ms, tasks over 50 ms ${JSON.stringify(r.longTasks.map(Math.round))}`).join('; ')
  test.info().annotations.push({ type: 'main thread per answer', description: note })
  console.info(`32,000 x 50 live answer, main thread: ${note}`)
  expect(runs[0]?.format).toBe('objects')
  expect(runs.slice(1).every((r) => r.format === 'lists')).toBe(true)

  // The cheapest of each size (a stalled run says nothing about the work): 16 times the records may
  // cost only a little more (the bytes of the columns received: 200-215 ms against 115-140 ms for
  // 2,000 on a quiet 2-core machine), never in proportion (16 times, or a parse of the records: 500+).
  const cheapest = (big: boolean) => Math.min(...runs.slice(1).filter((r) => (r.limit > 10_000) === big).map((r) => r.cpuMs))
  const small = cheapest(false)
  const big = cheapest(true)
  expect(big, `main-thread CPU for 32,000 records (ms) against ${Math.round(small)} ms for 2,000`).toBeLessThanOrEqual(2 * small + 40)

  // On a machine shared with other heavy work every task swings well past the target whatever the
  // app does; the budget is asserted only when asked for (E2E_PERF=1, an idle machine).
  if (process.env.E2E_PERF === '1') {
    for (const format of ['objects', 'lists'] as const) {
      const longest = Math.max(0, ...runs.filter((r) => r.format === format).flatMap((r) => r.longTasks))
      expect(longest, `the longest main-thread task of a 32,000 x 50 answer as ${format} (ms)`).toBeLessThanOrEqual(50)
    }
  }
})
