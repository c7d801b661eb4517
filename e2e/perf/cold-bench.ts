// Cold-path benchmark, run by hand: `npx tsx e2e/perf/cold-bench.ts` (builds dist/ first when it is
// missing; build it afresh after changes). Serves the built app with `vite preview`, drives headless
// Chromium and prints what a user waits for on fresh data:
// - own 1,000,000-row CSV (the generated service requests, written once into .bench-cache/):
//   file chosen -> first answer painted, and -> the load's end (exact total);
// - the first search for a rare word right after the load ended;
// - the 1,000,000-record demo example: click -> first answer painted, and -> exact total (the target:
//   at most 3 s after the first answer on a quiet machine; `... cold-bench.ts demo` runs this part only);
// - the longest main-thread task over each.
import { existsSync, statSync } from 'node:fs'
import { loadavg } from 'node:os'
import { chromium, type Page } from '@playwright/test'
import { writeGeneratedCsv } from '../../src/bench/bench-csv.ts'
import { takeLongTasks, watchLongTasks } from './long-tasks.ts'
import { startPreview } from './preview.ts'

const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? '/usr/bin/chromium'
const RECORDS = 1_000_000

/** Waits (in the page, per frame) until the status matches `pattern`, then two frames; returns performance.now(). */
async function statusMatches(page: Page, pattern: RegExp): Promise<number> {
  await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('output.status-text')?.textContent ?? ''), pattern.source, { polling: 'raf', timeout: 300_000 })
  return page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())))))
}

const now = (page: Page): Promise<number> => page.evaluate(() => performance.now())
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`

async function ownFile(page: Page, origin: string, path: string): Promise<void> {
  await page.goto(origin)
  await statusMatches(page, /^Showing/)
  await watchLongTasks(page)
  const chosen = await now(page)
  await page.getByLabel('Add a data file').setInputFiles(path)
  const first = await statusMatches(page, /of (≈[\d,]+|1,000,000) records/)
  const firstStatus = (await page.locator('output.status-text').textContent()) ?? ''
  await page.getByText(/^Added /).waitFor({ timeout: 300_000 })
  const loaded = await statusMatches(page, /of 1,000,000 records ·/)
  console.info(`own ${RECORDS.toLocaleString('en-US')}-row CSV (${(statSync(path).size / 2 ** 20).toFixed(0)} MiB): file chosen -> first answer ${seconds(first - chosen)} ("${firstStatus}"), -> load ended, exact total shown ${seconds(loaded - chosen)}; longest main-thread task ${Math.round(Math.max(0, ...(await takeLongTasks(page))))} ms`)
  await page.getByLabel('Search text').fill('peacock')
  const started = await now(page)
  await page.getByRole('button', { name: 'Run query' }).click()
  const rare = await statusMatches(page, /^Showing 3 (of 3 )?records/)
  console.info(`  first search for a rare word ("peacock", 3 records) right after the load: ${Math.round(rare - started)} ms`)
  await page.getByLabel('Search text').fill('wombat')
  const again = await now(page)
  await page.getByRole('button', { name: 'Run query' }).click()
  const absent = await statusMatches(page, /^Showing 0 /)
  console.info(`  then an absent word ("wombat"): ${Math.round(absent - again)} ms`)
}

async function demoExample(page: Page, origin: string): Promise<void> {
  await page.goto(origin)
  await statusMatches(page, /^Showing/)
  // Found and clicked in the page before and without Playwright's actionability checks: its role and
  // hit-testing work runs on the page's thread and was most of the "longest task" measured here.
  const example = await page.getByRole('link', { name: /1,000,000 service requests/ }).elementHandle()
  if (!example) throw new Error('no 1,000,000-record example link')
  await watchLongTasks(page)
  const started = await now(page)
  await example.evaluate((link: HTMLElement) => link.click())
  const first = await statusMatches(page, /^Showing 20 of/)
  const firstStatus = (await page.locator('output.status-text').textContent()) ?? ''
  const exact = await statusMatches(page, /^Showing 20 of [\d,]+ records ·/)
  console.info(
    `1,000,000-record demo example: click -> first answer ${seconds(first - started)} ("${firstStatus}"), -> exact total ${seconds(exact - started)}, ` +
      `${seconds(exact - first)} after the first answer (target <= 3 s on a quiet machine); longest main-thread task ${Math.round(Math.max(0, ...(await takeLongTasks(page))))} ms`,
  )
}

const demoOnly = process.argv.includes('demo')
const csv = demoOnly ? '' : await writeGeneratedCsv('.bench-cache/service-requests-1000000.csv', RECORDS)
const { origin, child } = await startPreview('dist')
const browser = await chromium.launch({ executablePath: existsSync(chromiumPath) ? chromiumPath : undefined, args: ['--no-sandbox', '--disable-gpu'] })
try {
  console.info(`Chromium, load average (1 min) ${loadavg()[0].toFixed(1)} at the start`)
  for (let run = 1; run <= 2; run++) {
    const context = await browser.newContext()
    await demoExample(await context.newPage(), origin)
    await context.close()
  }
  // `demo`: the demo example alone (no own file)
  for (let run = 1; run <= (demoOnly ? 0 : 2); run++) {
    const context = await browser.newContext()
    await ownFile(await context.newPage(), origin, csv)
    await context.close()
  }
  console.info(`load average (1 min) ${loadavg()[0].toFixed(1)} at the end`)
} finally {
  await browser.close()
  if (child.pid) process.kill(-child.pid)
}
