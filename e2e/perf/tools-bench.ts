// Export and own-data figures, run by hand (not part of npm test):
//   npx tsx e2e/perf/tools-bench.ts [distDir]     (distDir defaults to dist/, built when missing)
// Serves the built app with `vite preview` on a free port, drives headless Chromium and prints:
// - export of 100,000 records (CSV) from the 1,000,000-record demo resource: time, JS heap, file size,
//   and the main thread's long tasks while it runs;
// - upload of a generated 1,000,000-row CSV: time to the first answered query, JS heap, long tasks.
import { existsSync } from 'node:fs'
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { takeLongTasks, watchLongTasks } from './long-tasks.ts'
import { startPreview } from './preview.ts'

const DIST = process.argv[2] ?? 'dist'
const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? '/usr/bin/chromium'
const MB = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

async function statusStartsWith(page: Page, text: RegExp): Promise<void> {
  await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('output')?.textContent ?? ''), text.source, { polling: 100, timeout: 300_000 })
}

async function heapUsed(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page)
  await session.send('HeapProfiler.collectGarbage')
  const { usedSize } = await session.send('Runtime.getHeapUsage')
  await session.detach()
  return usedSize
}

function describeTasks(tasks: number[]): string {
  const longest = tasks.length === 0 ? 0 : Math.max(...tasks)
  return `${tasks.length} long tasks (>50 ms), longest ${longest.toFixed(0)} ms, ${tasks.filter((task) => task > 100).length} over 100 ms`
}

async function measureExport(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/?resource=generated-1m&limit=10`)
  await statusStartsWith(page, /^Showing/)
  await watchLongTasks(page)
  const heapBefore = await heapUsed(page)
  const started = Date.now()
  const downloaded = page.waitForEvent('download', { timeout: 300_000 })
  await page.getByRole('button', { name: 'Export' }).click()
  await page.getByRole('menuitem', { name: 'CSV' }).click()
  let peakHeap = heapBefore
  const sampler = setInterval(() => {
    void heapUsed(page).then((used) => (peakHeap = Math.max(peakHeap, used)), () => {})
  }, 500)
  const download = await downloaded
  const elapsed = Date.now() - started
  clearInterval(sampler)
  const size = (await stat(await download.path())).size
  const tasks = await takeLongTasks(page)
  const message = await page.locator('.export-message').textContent()
  console.info(`export 100,000 records as CSV: ${elapsed} ms, file ${MB(size)}, main-thread JS heap ${MB(heapBefore)} -> peak ${MB(peakHeap)} (sampled), ${describeTasks(tasks)}`)
  console.info(`  says: ${message}`)
}

async function measureUpload(page: Page, origin: string): Promise<void> {
  const folder = await mkdtemp(join(tmpdir(), 'upload-bench-'))
  try {
    const path = join(folder, 'generated-1m.csv')
    const lines = ['id,name,grp,amount,note']
    for (let i = 1; i <= 1_000_000; i++) lines.push(`${i},item ${i},g${i % 8},${(i * 1.25).toFixed(2)},row ${i} of a generated file`)
    await writeFile(path, lines.join('\n') + '\n')
    const size = (await stat(path)).size
    await page.goto(origin)
    await statusStartsWith(page, /^Showing/)
    await watchLongTasks(page)
    const heapBefore = await heapUsed(page)
    const started = Date.now()
    await page.getByLabel('Add a data file').setInputFiles(path)
    await statusStartsWith(page, /of 1,000,000 records/)
    const elapsed = Date.now() - started
    const heapAfter = await heapUsed(page)
    const tasks = await takeLongTasks(page)
    console.info(`upload a 1,000,000-row CSV (${MB(size)}): first query answered after ${elapsed} ms, main-thread JS heap ${MB(heapBefore)} -> ${MB(heapAfter)}, ${describeTasks(tasks)}`)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

const { origin, child } = await startPreview(DIST)
const browser = await chromium.launch({ executablePath: existsSync(chromiumPath) ? chromiumPath : undefined, args: ['--no-sandbox', '--disable-gpu'] })
try {
  const context = await browser.newContext({ acceptDownloads: true })
  await measureExport(await context.newPage(), origin)
  await measureUpload(await context.newPage(), origin)
} finally {
  await browser.close()
  if (child.pid) process.kill(-child.pid)
}
