// Page-first benchmark, run by hand: `npx tsx e2e/perf/page-first-bench.ts` (builds dist/ first when it is missing).
// The built app against the real reference server behind a proxy that takes 3 s to answer any request
// asking for a total (e2e/fixtures/slow-count-proxy.ts), as a big table on a real portal does. Prints,
// over fresh pages, Run query -> first records painted and -> exact total shown, beside the baseline
// measured in the same run: the same page asked for with its total (what the explorer used to wait for).
import { loadavg } from 'node:os'
import { chromium, type Page } from '@playwright/test'
import { startSlowCountProxy } from '../fixtures/slow-count-proxy.ts'
import { startPreview } from './preview.ts'
import { BENCH_LIVE_RESOURCE, startReferenceServer } from './reference-server.ts'

const COUNT_MS = 3_000
const RUNS = 5
const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? '/usr/bin/chromium'

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

/** performance.now() in the page once the status starts with `text`, two frames later. */
async function shown(page: Page, text: string): Promise<number> {
  await page.waitForFunction((wanted) => document.querySelector('output.status-text')?.textContent?.startsWith(wanted) ?? false, text, { polling: 'raf', timeout: 60_000 })
  return page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())))))
}

const server = await startReferenceServer()
const proxy = await startSlowCountProxy(server.baseUrl, COUNT_MS)
const preview = await startPreview('dist')
const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] })
try {
  const records: number[] = []
  const totals: number[] = []
  const baseline: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(preview.origin)
    await page.getByRole('radio', { name: 'Live API' }).check()
    await page.getByLabel('Base URL').fill(proxy.baseUrl)
    await page.getByLabel('Resource ID').fill(BENCH_LIVE_RESOURCE)
    await page.getByLabel('Limit').fill('20')
    const clicked = await page.evaluate(() => {
      const button = [...document.querySelectorAll('button')].find((element) => element.textContent === 'Run query')
      const at = performance.now()
      button?.click()
      return at
    })
    records.push((await shown(page, 'Showing 20 records')) - clicked)
    totals.push((await shown(page, 'Showing 20 of')) - clicked)
    await context.close()
    const started = performance.now()
    await fetch(`${proxy.baseUrl}/api/action/datastore_search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ resource_id: BENCH_LIVE_RESOURCE, limit: 20 }) })
    baseline.push(performance.now() - started)
  }
  const [one, five, fifteen] = loadavg().map((value) => value.toFixed(2))
  console.info(`load average ${one} ${five} ${fifteen}; counts take ${COUNT_MS} ms on this server; median of ${RUNS} fresh pages`)
  console.info(`Run query -> records on screen: ${median(records).toFixed(0)} ms (target <= 300 ms)`)
  console.info(`Run query -> exact total shown: ${median(totals).toFixed(0)} ms`)
  console.info(`baseline, the page asked for with its total: ${median(baseline).toFixed(0)} ms (records first: ${(median(baseline) / median(records)).toFixed(1)}x sooner)`)
} finally {
  await browser.close()
  await proxy.close()
  for (const child of [server.child, preview.child]) if (child.pid) process.kill(-child.pid)
}
