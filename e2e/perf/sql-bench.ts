// SQL in demo mode, run by hand: `npx tsx e2e/perf/sql-bench.ts` (builds dist/ first when it is missing;
// build it afresh after changes). Serves the built app with `vite preview`, drives headless Chromium in
// a fresh context per run (nothing cached) and prints, beside the load average:
// - `SQL` chosen -> first answer on Courses, cold (the SQL code, PGlite and Courses loaded on the way);
// - a warm statement on Courses (median of several, each a new statement);
// - the 1,000,000-record resource named in a statement -> loaded into PGlite (with progress) and
//   answered (`GROUP BY category`), then the same grouping again, warm.
// With `courses` only the first two.
import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import { chromium, type Page } from '@playwright/test'
import { COURSES_RESOURCE_ID, LARGE_RESOURCE_ID } from '../../src/demo/metadata.ts'
import { startPreview } from './preview.ts'

const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? '/usr/bin/chromium'
const load = () => `load average (1 min) ${loadavg()[0].toFixed(1)}`

/** Waits (in the page, per frame) until the status matches `pattern`, then two frames; returns performance.now(). */
async function statusMatches(page: Page, pattern: RegExp): Promise<number> {
  await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('output.status-text')?.textContent ?? ''), pattern.source, { polling: 'raf', timeout: 600_000 })
  return page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())))))
}

const now = (page: Page): Promise<number> => page.evaluate(() => performance.now())
const ms = (value: number): string => `${Math.round(value)} ms`
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

async function run(page: Page, sql: string, answered: RegExp): Promise<number> {
  await page.locator('.sql-editor .cm-content').fill(sql)
  const started = await now(page)
  await page.getByRole('button', { name: 'Run query' }).click()
  return (await statusMatches(page, answered)) - started
}

async function courses(page: Page, origin: string): Promise<void> {
  await page.goto(origin)
  await statusMatches(page, /^Showing/)
  const chosen = await now(page)
  await page.getByRole('radio', { name: 'SQL' }).check()
  await page.getByRole('button', { name: 'Run query' }).click()
  const first = await statusMatches(page, /^Showing 10 records ·/)
  await page.locator('.sql-editor .cm-content').waitFor()
  const warm: number[] = []
  for (let i = 0; i < 7; i++) {
    warm.push(await run(page, `SELECT subject, count(*) AS n, ${i} AS run FROM "${COURSES_RESOURCE_ID}" GROUP BY subject`, /^Showing 8 records ·/))
  }
  console.info(`Courses: SQL chosen -> first answer, cold ${ms(first - chosen)}; a warm statement (GROUP BY subject) median ${ms(median(warm))} of ${warm.map(ms).join(', ')} (${load()})`)
}

const groupByCategory = (i: number) => `SELECT category, count(*) AS requests, ${i} AS run FROM "${LARGE_RESOURCE_ID}" GROUP BY category ORDER BY requests DESC`

async function large(page: Page, origin: string): Promise<void> {
  await page.goto(origin)
  await statusMatches(page, /^Showing/)
  await page.getByRole('radio', { name: 'SQL' }).check()
  await page.locator('.sql-editor .cm-content').waitFor()
  let sawProgress = false
  const watch = page.getByRole('progressbar').first().waitFor({ timeout: 600_000 }).then(() => (sawProgress = true), () => undefined)
  const loaded = await run(page, groupByCategory(0), /^Showing \d+ records ·/)
  await watch
  const status = (await page.locator('output.status-text').textContent()) ?? ''
  const warm: number[] = []
  for (let i = 1; i <= 3; i++) warm.push(await run(page, groupByCategory(i), /^Showing \d+ records ·/))
  console.info(`1,000,000 records: statement run -> built, loaded into PGlite${sawProgress ? ' (progress bar shown)' : ' (NO progress bar seen)'} and answered ${ms(loaded)} ("${status}"); then GROUP BY category warm median ${ms(median(warm))} of ${warm.map(ms).join(', ')} (${load()})`)
}

const coursesOnly = process.argv.includes('courses')
const { origin, child } = await startPreview('dist')
const browser = await chromium.launch({ executablePath: existsSync(chromiumPath) ? chromiumPath : undefined, args: ['--no-sandbox', '--disable-gpu'] })
try {
  console.info(`Chromium, ${load()} at the start`)
  for (let i = 0; i < 2; i++) {
    const context = await browser.newContext()
    await courses(await context.newPage(), origin)
    await context.close()
  }
  if (!coursesOnly) {
    const context = await browser.newContext()
    await large(await context.newPage(), origin)
    await context.close()
  }
  console.info(`${load()} at the end`)
} finally {
  await browser.close()
  if (child.pid) process.kill(-child.pid)
}
