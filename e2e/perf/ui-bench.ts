// UI benchmark, run by hand: `npx tsx e2e/perf/ui-bench.ts` (builds dist/ first when it is missing).
// Serves the built app with `vite preview` on a free port, drives headless Chromium and prints:
// navigation -> first demo result, a 32,000-record result (time and rows in the DOM), sorting a
// complete result of about 31,000 records in the browser, the longest main-thread task while typing,
// a live answer of 32,000 records x 50 fields (objects, then lists) from the end-to-end fault server
// with its longest main-thread task, and the initial JavaScript size (gzip) from dist/.
// `npx tsx e2e/perf/ui-bench.ts live` runs only the live-answer part (`live trace`: what its long
// tasks are made of, from a performance trace), `... fields` only the 10,000-field answer (`fields
// trace` likewise), `... summaries` only the summaries
// (also opened 5 s after the load, once the worker has prepared them in its idle time; `summaries
// trace`: each thread's CPU from the click until every field is drawn, and the main thread's long tasks).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium, type Browser, type Page } from '@playwright/test'
import { LARGE_RESOURCE_ID } from '../../src/demo/metadata.ts'
import { MANY_FIELDS_RECORDS, startFaultServer } from '../fixtures/fault-server.ts'
import { E2E_PUBLIC_RESOURCE } from '../fixtures/server-args.ts'
import { takeLongTasks, watchLongTasks } from './long-tasks.ts'
import { longTasks, printTasks, threadsAfterLastClick, traceLongTasks, TRACE_CATEGORIES, type TraceEvent } from './task-trace.ts'
import { startPreview } from './preview.ts'
import { SCROLL_FLOOR_HTML } from './scroll-floor.ts'
import { BENCH_LIVE_RESOURCE, startReferenceServer } from './reference-server.ts'

const DIST = process.env.UI_BENCH_DIST ?? 'dist'
const RUNS = 5
const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? '/usr/bin/chromium'

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

const ms = (value: number) => `${value.toFixed(0)} ms`
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** Waits in the page until the status says "Showing ..." (optionally with this text), then two frames. */
async function waitForResult(page: Page, text = 'Showing'): Promise<number> {
  await page.waitForFunction((wanted) => document.querySelector('output.status-text')?.textContent?.startsWith(wanted) ?? false, text, {
    polling: 'raf',
    timeout: 120_000,
  })
  return page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now())))))
}

async function firstResult(browser: Browser, origin: string): Promise<number[]> {
  const times: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(origin)
    times.push(await waitForResult(page))
    await context.close()
  }
  return times
}

interface BigResult {
  clickToPaintMs: number
  requestMs: number
  domRows: number
  longestTaskMs: number
}

/**
 * Runs the query in the form and times click -> status and grid painted; the status gives the request
 * time. `expectText` must differ from the status shown before the click.
 */
async function timedRun(page: Page, expectText: string): Promise<BigResult> {
  await takeLongTasks(page)
  const started = await page.evaluate(() => {
    const button = [...document.querySelectorAll('button')].find((element) => element.textContent?.trim() === 'Run query')
    const now = performance.now()
    button?.click()
    return now
  })
  const painted = await waitForResult(page, expectText)
  const status = (await page.locator('output.status-text').textContent()) ?? ''
  const requestMs = Number(/· (\d+) ms/.exec(status)?.[1] ?? Number.NaN)
  const domRows = await page.locator('table tbody tr').count()
  const longestTaskMs = Math.max(0, ...(await takeLongTasks(page)))
  return { clickToPaintMs: painted - started, requestMs, domRows, longestTaskMs }
}

async function bigResult(page: Page, origin: string): Promise<{ first: BigResult; runs: BigResult[]; cached: BigResult[] }> {
  await page.goto(`${origin}/?resource=${LARGE_RESOURCE_ID}&limit=32000`)
  await waitForResult(page, 'Showing 32,000')
  await watchLongTasks(page)
  const runs: BigResult[] = []
  // Each limit is new, so each run asks the worker again (answers are cached per query).
  const limits = ['31999', '31998', '31997', '31996', '31995', '31994']
  let first: BigResult | undefined
  for (const limit of limits) {
    await page.getByLabel('Limit').fill(limit)
    const result = await timedRun(page, `Showing ${Number(limit).toLocaleString('en-US')}`)
    if (first === undefined) first = result
    else runs.push(result)
  }
  if (first === undefined) throw new Error('no run')
  // Back to answers already in the query cache: no request at all, so this is rendering alone.
  const cached: BigResult[] = []
  for (const limit of ['32000', '31999', '32000', '31999']) {
    await page.getByLabel('Limit').fill(limit)
    cached.push(await timedRun(page, `Showing ${Number(limit).toLocaleString('en-US')}`))
  }
  return { first, runs, cached }
}

interface SortFigures {
  shown: string
  sortMs: number[]
  longestTaskMs: number
  sortedInBrowser: boolean
}

async function sortComplete(page: Page, origin: string): Promise<SortFigures> {
  // "leak" is in about 4% of the records and these statuses cover about 3/4 of them: about 30,000
  // records, all loaded (limit 32,000), so the grid sorts them in the browser.
  const statuses = ['Closed', 'Open'].map((status) => `filter.status=${status}`).join('&')
  await page.goto(`${origin}/?resource=${LARGE_RESOURCE_ID}&limit=32000&q=leak&${statuses}`)
  await waitForResult(page)
  const shown = ((await page.locator('output.status-text').textContent()) ?? '').replace(/ · \d+ ms.*$/, '')
  await page.locator('th[aria-label="cost"] .sort-button').waitFor()
  await watchLongTasks(page)
  const sortMs: number[] = []
  const places = new Set<string>()
  // Each click cycles the column: ascending, descending, unsorted; every one re-sorts all records.
  for (let run = 0; run < 6; run++) {
    const elapsed = await page.evaluate(async () => {
      const header = [...document.querySelectorAll('th')].find((th) => th.getAttribute('aria-label') === 'cost')
      if (header === undefined) throw new Error('no "cost" column header')
      const before = header.getAttribute('aria-sort') ?? null
      const started = performance.now()
      header.querySelector<HTMLButtonElement>('.sort-button')?.click()
      while ((header.getAttribute('aria-sort') ?? null) === before && performance.now() - started < 30_000) {
        await new Promise((resolve) => requestAnimationFrame(resolve))
      }
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
      return performance.now() - started
    })
    sortMs.push(elapsed)
    const status = (await page.locator('output.status-text').textContent()) ?? ''
    if (status.includes('sorted')) places.add(status.includes('server') ? 'server' : 'browser')
  }
  return { shown, sortMs, longestTaskMs: Math.max(0, ...(await takeLongTasks(page))), sortedInBrowser: places.size === 1 && places.has('browser') }
}

async function typing(page: Page): Promise<{ longestTaskMs: number; tasksOver50: number }> {
  await watchLongTasks(page)
  const search = page.getByLabel('Search text')
  await search.click()
  await search.press('End')
  await page.keyboard.type(' quick brown fox jumps over', { delay: 40 })
  await page.getByLabel('Filter field').click()
  await page.keyboard.type('description', { delay: 40 })
  await page.waitForTimeout(300)
  const tasks = await takeLongTasks(page)
  return { longestTaskMs: Math.max(0, ...tasks), tasksOver50: tasks.length }
}

/** Clicks Summaries and waits until every field's summary is drawn and settled; the time of the first and of all. */
async function openSummaries(page: Page): Promise<{ ms: number; firstMs: number; fields: number }> {
  // the toolbar's buttons come with a lazily loaded chunk, maybe after the first answer is shown
  await page.getByRole('button', { name: 'Summaries', exact: true }).waitFor({ timeout: 30_000 })
  return page.evaluate(async () => {
    const toggle = [...document.querySelectorAll('button')].find((element) => element.textContent?.trim() === 'Summaries')
    if (toggle === undefined) throw new Error('no Summaries button')
    const started = performance.now()
    let firstMs = Number.NaN
    toggle.click()
    for (;;) {
      const panel = document.querySelector('section[aria-label="Column summaries"]')
      const cards = [...(panel?.querySelectorAll<HTMLElement>('[data-field]') ?? [])]
      const settled = cards.filter((card) => card.getAttribute('aria-busy') === 'false').length
      if (settled > 0 && Number.isNaN(firstMs)) firstMs = performance.now() - started
      if (cards.length > 0 && settled === cards.length) {
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
        return { ms: performance.now() - started, firstMs, fields: cards.length }
      }
      if (performance.now() - started > 60_000) throw new Error('the summaries did not settle within 60 s')
      await new Promise((resolve) => requestAnimationFrame(resolve))
    }
  })
}

/**
 * Opening Summaries on the 1,000,000-record demo resource once it is built (and `idleMs` later: the
 * worker prepares summaries in its idle time), in fresh pages (first open: the chunk, the engine's first summary).
 */
async function summariesDemo(browser: Browser, origin: string, idleMs = 0): Promise<{ times: number[]; firstTimes: number[]; fields: number; longestTaskMs: number }> {
  const times: number[] = []
  const firstTimes: number[] = []
  let fields = 0
  let longestTaskMs = 0
  for (let run = 0; run < 3; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await page.goto(`${origin}/?resource=${LARGE_RESOURCE_ID}`)
    await waitForResult(page)
    // The first page comes while the resource is still being built; summaries need all of it.
    await page.waitForFunction(() => !(document.querySelector('output.status-text')?.textContent ?? '').includes('counting'), null, { polling: 200, timeout: 300_000 })
    if (idleMs > 0) await page.waitForTimeout(idleMs)
    await watchLongTasks(page)
    const opened = await openSummaries(page)
    times.push(opened.ms)
    firstTimes.push(opened.firstMs)
    fields = opened.fields
    longestTaskMs = Math.max(longestTaskMs, ...(await takeLongTasks(page)))
    await context.close()
  }
  return { times, firstTimes, fields, longestTaskMs }
}

/** Live requests each field's summary took against the reference server (10 of 60 records loaded). */
async function summariesLive(browser: Browser, origin: string): Promise<{ perField: [string, number][]; ms: number }> {
  const server = await startReferenceServer()
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await page.goto(`${origin}/?source=live&base=${encodeURIComponent(server.baseUrl)}&resource=${BENCH_LIVE_RESOURCE}&limit=10`)
    await waitForResult(page)
    const opened = await openSummaries(page)
    const perField = await page.locator('[data-field]').evaluateAll((cards) => cards.map((card): [string, number] => [card.getAttribute('data-field') ?? '', Number(card.getAttribute('data-live-requests'))]))
    await context.close()
    return { perField, ms: opened.ms }
  } finally {
    if (server.child.pid !== undefined) process.kill(-server.child.pid)
  }
}

interface LiveRun extends BigResult {
  /** The records_format the request asked for, as the request panel showed it before the click. */
  format: 'objects' | 'lists'
}

/**
 * A live answer of 32,000 x 50 (about 40 MB as objects) from the fault server, in a fresh page: the
 * first answer is asked as objects and teaches the page that the server takes lists; the later ones
 * (a new limit each, so a new request) ask for lists.
 */
async function liveWide(page: Page, origin: string): Promise<LiveRun[]> {
  const faults = await startFaultServer()
  try {
    await page.goto(origin)
    await waitForResult(page)
    await page.getByRole('radio', { name: 'Live API' }).check()
    await page.getByLabel('Base URL').fill(faults.baseUrl('wide32000'))
    await page.getByLabel('Resource ID').fill(E2E_PUBLIC_RESOURCE)
    await watchLongTasks(page)
    const runs: LiveRun[] = []
    for (const limit of ['32000', '31999', '31998', '31997', '31996']) {
      await page.getByLabel('Limit').fill(limit)
      const body = (await page.locator('.request-body').textContent()) ?? ''
      const format = body.includes('"records_format":"lists"') ? 'lists' : 'objects'
      runs.push({ format, ...(await timedRun(page, `Showing ${Number(limit).toLocaleString('en-US')}`)) })
    }
    return runs
  } finally {
    await faults.close()
  }
}

/**
 * A hostile answer of 10,000 fields x 20 records from the fault server, in a fresh page: the
 * longest main-thread task while it is read and drawn, each run a new limit (so a new request).
 * With `browser`, each run is also traced (task events only, which costs the page next to nothing)
 * for the most CPU time one task took: a loaded machine stretches a task's duration (its thread
 * waits for a core), hardly its CPU time.
 */
async function manyFields(page: Page, origin: string, browser?: Browser): Promise<{ longest: number[]; cpu: number[] }> {
  const faults = await startFaultServer()
  try {
    await page.goto(origin)
    await waitForResult(page)
    await page.getByRole('radio', { name: 'Live API' }).check()
    await page.getByLabel('Base URL').fill(faults.baseUrl('fields10000'))
    await page.getByLabel('Resource ID').fill(E2E_PUBLIC_RESOURCE)
    await watchLongTasks(page)
    const longest: number[] = []
    const cpu: number[] = []
    for (const limit of [MANY_FIELDS_RECORDS, MANY_FIELDS_RECORDS + 1, MANY_FIELDS_RECORDS + 2]) {
      await page.getByLabel('Limit').fill(String(limit))
      // Every run shows the same status: wait for it to leave "Showing" and come back.
      const shown = page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const status = document.querySelector('output.status-text')
            if (!status) throw new Error('no status')
            let left = false
            new MutationObserver((_changes, observer) => {
              const text = status.textContent ?? ''
              if (!text.startsWith('Showing')) left = true
              else if (left) {
                observer.disconnect()
                resolve()
              }
            }).observe(status, { childList: true, characterData: true, subtree: true })
          }),
      )
      if (browser) await browser.startTracing(page, { categories: ['toplevel'] })
      await page.getByRole('button', { name: 'Run query' }).click()
      await shown
      // Settled: the resource's name and data dictionary, asked after the answer, come in too.
      await page.waitForTimeout(500)
      longest.push(Math.max(0, ...(await takeLongTasks(page))))
      if (browser) cpu.push(Math.max(0, ...longTasks(JSON.parse((await browser.stopTracing()).toString('utf8')) as Parameters<typeof longTasks>[0], 50).map((task) => task.cpuMs)))
    }
    return { longest, cpu }
  } finally {
    await faults.close()
  }
}

// The pinned scroll: 240 frames, each a step down and sideways. A string, so the bundler's helpers
// (named functions) never reach the page. Resolves with the frame times and the cells the grid made
// and removed (a MutationObserver's count: a sideways step makes and removes cells, a step down only
// changes them).
const PINNED_SCROLL = `new Promise((resolve) => {
  const scroller = document.querySelector('.grid-scroll')
  const churn = { made: 0, removed: 0 }
  const cells = new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) if (node.nodeName === 'TD') churn.made++
      for (const node of change.removedNodes) if (node.nodeName === 'TD') churn.removed++
    }
  })
  cells.observe(scroller, { subtree: true, childList: true })
  const deltas = []
  let last = performance.now()
  requestAnimationFrame(function step(now) {
    deltas.push(now - last)
    last = now
    scroller.scrollTop += 600
    scroller.scrollLeft += deltas.length % 40 < 20 ? 60 : -60
    if (deltas.length < 240) requestAnimationFrame(step)
    else {
      cells.disconnect()
      resolve({ frames: deltas.slice(2), ...churn })
    }
  })
})`

/** The browser's own work counts in a trace of the renderer's timeline: elements restyled and objects laid out. */
function renderingWork(trace: { traceEvents: unknown[] } | unknown[]): { styled: number; laidOut: number } {
  const events = (Array.isArray(trace) ? trace : trace.traceEvents) as { name?: string; ph?: string; args?: { elementCount?: number; beginData?: { dirtyObjects?: number } } }[]
  let styled = 0
  let laidOut = 0
  for (const event of events) {
    if (event.ph !== 'X') continue
    if (event.name === 'UpdateLayoutTree') styled += event.args?.elementCount ?? 0
    else if (event.name === 'Layout') laidOut += event.args?.beginData?.dirtyObjects ?? 0
  }
  return { styled, laidOut }
}

/** The pinned scroll's target for its longest frame. */
const SCROLL_FRAME_TARGET_MS = 32

/** A scroll's frame times as the bench reports them. */
function frameFigures(frames: number[]): { longestFrameMs: number; medianFrameMs: number; frames: number; framesOver: number } {
  return { longestFrameMs: Math.max(...frames), medianFrameMs: median(frames), frames: frames.length, framesOver: frames.filter((frame) => frame > SCROLL_FRAME_TARGET_MS).length }
}

interface PinnedScroll {
  longestFrameMs: number
  medianFrameMs: number
  frames: number
  /** Frames longer than the target: whether a longest frame over it is one stall or many. */
  framesOver: number
  cpuPerFrameMs?: number
  mostTaskCpuMs?: number
  /** Per frame, from a second scroll traced with the renderer's timeline: what load does not change. */
  work?: { styled: number; laidOut: number; cellsMade: number; cellsRemoved: number }
}

/**
 * With the 32,000 x 50 answer on screen: pins three columns (the column menu), then scrolls the grid
 * down and sideways a step every frame, timing each frame (requestAnimationFrame to the next).
 */
async function scrollPinned(page: Page, browser?: Browser): Promise<PinnedScroll> {
  for (const field of ['field_01', 'field_02', 'field_03']) {
    await page.getByRole('button', { name: `Column menu ${field}` }).click()
    await page.getByRole('menuitem', { name: 'Pin column', exact: true }).click()
  }
  // With `browser`, the scroll is traced (task events only): the main thread's CPU time per frame,
  // which a loaded machine hardly stretches, beside the frame times it does.
  if (browser) await browser.startTracing(page, { categories: ['toplevel'] })
  const { frames } = await page.evaluate<{ frames: number[] }>(PINNED_SCROLL)
  const figures = frameFigures(frames)
  if (!browser) return figures
  const tasks = longTasks(JSON.parse((await browser.stopTracing()).toString('utf8')) as Parameters<typeof longTasks>[0], 0)
  const cpu = tasks.map((task) => task.cpuMs)
  // Then the same scroll again, further down, traced with the renderer's timeline (which slows the
  // page, so no times from it): how much the browser restyled and laid out, and the cells made.
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] })
  const again = await page.evaluate<{ frames: number[]; made: number; removed: number }>(PINNED_SCROLL)
  const work = renderingWork(JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: unknown[] })
  const per = (count: number) => count / again.frames.length
  return {
    ...figures,
    cpuPerFrameMs: cpu.reduce((sum, value) => sum + value, 0) / frames.length,
    mostTaskCpuMs: Math.max(0, ...cpu),
    work: { styled: per(work.styled), laidOut: per(work.laidOut), cellsMade: per(again.made), cellsRemoved: per(again.removed) },
  }
}

/** The same scroll over a hand-written virtualised grid with no framework (scroll-floor.ts): the baseline of the app's. */
async function scrollFloor(browser: Browser): Promise<ReturnType<typeof frameFigures>> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  try {
    const page = await context.newPage()
    await page.setContent(SCROLL_FLOOR_HTML)
    await page.waitForTimeout(300)
    const { frames } = await page.evaluate<{ frames: number[] }>(PINNED_SCROLL)
    return frameFigures(frames)
  } finally {
    await context.close()
  }
}

function printLive(runs: LiveRun[]): void {
  for (const format of ['objects', 'lists'] as const) {
    const of = runs.filter((run) => run.format === format)
    if (of.length === 0) continue
    console.info(
      `live answer 32,000 x 50 as ${format} (${of.length} run(s)): click -> painted median ${ms(median(of.map((r) => r.clickToPaintMs)))}, ` +
        `of which the request (status) ${ms(median(of.map((r) => r.requestMs)))}; longest main-thread task ${ms(Math.max(...of.map((r) => r.longestTaskMs)))} ` +
        `(runs: ${of.map((r) => ms(r.longestTaskMs)).join(', ')}; target <= 50 ms)`,
    )
  }
}

function printBig(big: Awaited<ReturnType<typeof bigResult>>, typed: Awaited<ReturnType<typeof typing>>): void {
  const medianOf = (pick: (r: BigResult) => number) => median(big.runs.map(pick))
  console.info(
    `32,000-record result: click -> status and grid painted median ${ms(medianOf((r) => r.clickToPaintMs))}, of which the request (status) ${ms(medianOf((r) => r.requestMs))}, ` +
      `so rendering about ${ms(medianOf((r) => r.clickToPaintMs - r.requestMs))} (target <= 300 ms); rows in the DOM ${big.first.domRows} (target <= 100); ` +
      `longest main-thread task ${ms(Math.max(...big.runs.map((r) => r.longestTaskMs)))}; first run ${ms(big.first.clickToPaintMs)}`,
  )
  console.info(
    `32,000-record answer already cached (no request, rendering alone): click -> painted median ${ms(median(big.cached.map((r) => r.clickToPaintMs)))} ` +
      `(runs: ${big.cached.map((r) => ms(r.clickToPaintMs)).join(', ')}); longest task ${ms(Math.max(...big.cached.map((r) => r.longestTaskMs)))}`,
  )
  console.info(`typing in the form with 32,000 records shown: longest main-thread task ${ms(typed.longestTaskMs)}, ${typed.tasksOver50} task(s) over 50 ms (target: none)`)
}

/** How long the "after the load" summaries figure waits: the worker's idle preparation of every column. */
const SUMMARIES_IDLE_MS = 5000

function printSummaries(summaries: Awaited<ReturnType<typeof summariesDemo>>, live: Awaited<ReturnType<typeof summariesLive>>): void {
  printDemoSummaries(summaries)
  printLiveSummaries(live)
}

function printDemoSummaries(summaries: Awaited<ReturnType<typeof summariesDemo>>): void {
  console.info(
    `opening Summaries on the 1,000,000-record demo resource as its load ends (the exact total shown): first field drawn in median ${ms(median(summaries.firstTimes))} (runs: ${summaries.firstTimes.map(ms).join(', ')}), ` +
      `every field (${summaries.fields}) in median ${ms(median(summaries.times))} ` +
      `(runs: ${summaries.times.map(ms).join(', ')}; target <= 1000 ms); longest main-thread task ${ms(summaries.longestTaskMs)}`,
  )
}

function printLiveSummaries(live: Awaited<ReturnType<typeof summariesLive>>): void {
  console.info(
    `live summaries against the reference server (10 of 60 records loaded): requests per field summary ${live.perField.map(([field, count]) => `${field} ${count}`).join(', ')} ` +
      `(max ${Math.max(...live.perField.map(([, count]) => count))}; budget <= 23); all settled in ${ms(live.ms)}`,
  )
}

function initialJs(): { entryGzip: number; entryRaw: number; files: string[]; allJsGzip: number } {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8')
  const files = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((match) => match[1] ?? '')
  let entryGzip = 0
  let entryRaw = 0
  for (const file of files) {
    const bytes = readFileSync(join(DIST, file.replace(/^\//, '')))
    entryRaw += bytes.length
    entryGzip += gzipSync(bytes).length
  }
  const assets = join(DIST, 'assets')
  const allJsGzip = readdirSync(assets)
    .filter((name) => name.endsWith('.js') && statSync(join(assets, name)).isFile())
    .reduce((sum, name) => sum + gzipSync(readFileSync(join(assets, name))).length, 0)
  return { entryGzip, entryRaw, files, allJsGzip }
}

/** Where a trace is kept for Chrome's performance panel (UI_BENCH_TRACE_DIR), if anywhere. */
const traceFile = (name: string) => (process.env.UI_BENCH_TRACE_DIR ? join(process.env.UI_BENCH_TRACE_DIR, `${name}-trace.json`) : undefined)

const loadAverage = async () => (await import('node:os')).loadavg().map((v) => v.toFixed(2)).join(' ')

async function main(): Promise<void> {
  const js = initialJs()
  const { origin, child } = await startPreview(DIST)
  const browser = await chromium.launch({
    executablePath: existsSync(chromiumPath) ? chromiumPath : undefined,
    args: ['--no-sandbox', '--disable-gpu'],
  })
  try {
    if (process.argv.includes('live') && process.argv.includes('trace')) {
      // What the long tasks are made of (a performance trace; the profiler slows the page, so no figures).
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      printTasks('live answers 32,000 x 50 (objects, then lists)', await traceLongTasks(browser, page, async () => void (await liveWide(page, origin)), 50, traceFile('live')))
      printTasks('scrolling with 3 pinned columns', await traceLongTasks(browser, page, async () => void (await scrollPinned(page)), 20, traceFile('scroll')), 20)
      return
    }
    if (process.argv.includes('fields') && process.argv.includes('trace')) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      printTasks('10,000 fields x 20 records', await traceLongTasks(browser, page, async () => void (await manyFields(page, origin)), 50, traceFile('fields')))
      return
    }
    if (process.argv.includes('fields')) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      const { longest, cpu } = await manyFields(page, origin, browser)
      console.info(`UI benchmark (10,000-field answer only), headless Chromium, built app (${origin}), load average ${await loadAverage()}`)
      console.info(`10,000 fields x 20 records: longest main-thread task per run ${longest.map(ms).join(', ')} (target <= 200 ms; typing is timed by e2e/wide-answer.spec.ts)`)
      console.info(`  the most CPU time one task took, per run (from a trace of task events; what load hardly stretches): ${cpu.map(ms).join(', ')}`)
      return
    }
    if (process.argv.includes('live')) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      const runs = await liveWide(page, origin)
      const scrolled = await scrollPinned(page, browser)
      const floor = await scrollFloor(browser)
      console.info(`UI benchmark (live answer only), headless Chromium, built app (${origin}), load average ${await loadAverage()}`)
      printLive(runs)
      console.info(
        `scrolling 32,000 x 50 with 3 pinned columns (${scrolled.frames} frames, down and sideways each frame): longest frame ${ms(scrolled.longestFrameMs)}, ` +
          `median ${ms(scrolled.medianFrameMs)}, ${scrolled.framesOver} frame(s) over ${SCROLL_FRAME_TARGET_MS} ms (target: longest <= ${SCROLL_FRAME_TARGET_MS} ms)`,
      )
      console.info(
        `  baseline, the same scroll over a hand-written virtualised grid with no framework (scroll-floor.ts), same run: longest frame ${ms(floor.longestFrameMs)}, median ${ms(floor.medianFrameMs)}, ` +
          `${floor.framesOver} frame(s) over ${SCROLL_FRAME_TARGET_MS} ms; the app's longest / baseline's ${(scrolled.longestFrameMs / floor.longestFrameMs).toFixed(2)}x`,
      )
      console.info(`  the main thread's CPU time per frame ${ms(scrolled.cpuPerFrameMs ?? Number.NaN)}, the most in one task ${ms(scrolled.mostTaskCpuMs ?? Number.NaN)} (from a trace of task events; what load hardly stretches)`)
      const work = scrolled.work
      if (work) {
        console.info(
          `  per frame, the browser's work (a second scroll, traced; counts that load does not change): ${work.styled.toFixed(0)} elements restyled, ` +
            `${work.laidOut.toFixed(0)} objects laid out, ${work.cellsMade.toFixed(1)} cells made and ${work.cellsRemoved.toFixed(1)} removed`,
        )
      }
      return
    }
    if (process.argv.includes('demo')) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      const big = await bigResult(page, origin)
      const typed = await typing(page)
      console.info(`UI benchmark (big demo answer only), headless Chromium, built app (${origin}), load average ${await loadAverage()}`)
      printBig(big, typed)
      return
    }
    if (process.argv.includes('summaries') && process.argv.includes('trace')) {
      // Where the time of opening Summaries as the load ends goes: each thread's CPU from the click
      // until every field is drawn (the profiler slows the page: the figures are for comparing threads)
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      await page.goto(`${origin}/?resource=${LARGE_RESOURCE_ID}`)
      await waitForResult(page)
      await page.waitForFunction(() => !(document.querySelector('output.status-text')?.textContent ?? '').includes('counting'), null, { polling: 200, timeout: 300_000 })
      const path = traceFile('summaries')
      await browser.startTracing(page, { categories: TRACE_CATEGORIES, ...(path ? { path } : {}) })
      const opened = await openSummaries(page)
      const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[]
      console.info(`UI benchmark (column summaries, traced), headless Chromium, built app (${origin}), load average ${await loadAverage()}`)
      console.info(`opening Summaries as the 1,000,000-record load ends: every field (${opened.fields}) drawn in ${ms(opened.ms)} (traced; target <= 1000 ms untraced)`)
      console.info(`  each thread from the click until then, CPU / busy (ms): ${threadsAfterLastClick(trace, opened.ms).map((thread) => `${thread.thread} ${thread.cpuMs} / ${thread.busyMs}`).join(', ')}`)
      printTasks('  main-thread tasks', longTasks(trace, 50))
      await context.close()
      return
    }
    if (process.argv.includes('summaries')) {
      const summaries = await summariesDemo(browser, origin)
      const afterIdle = await summariesDemo(browser, origin, SUMMARIES_IDLE_MS)
      // the demo's figures first: a failure of the live part below loses none of them
      console.info(`UI benchmark (column summaries only), headless Chromium, built app (${origin}), load average ${await loadAverage()}`)
      printDemoSummaries(summaries)
      console.info(
        `opening Summaries ${SUMMARIES_IDLE_MS / 1000} s after the load: every field in median ${ms(median(afterIdle.times))} ` +
          `(runs: ${afterIdle.times.map(ms).join(', ')}; target <= 1000 ms); longest main-thread task ${ms(afterIdle.longestTaskMs)}`,
      )
      printLiveSummaries(await summariesLive(browser, origin))
      console.info(`load average at the end ${await loadAverage()}`)
      return
    }
    const load = await firstResult(browser, origin)
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    const big = await bigResult(page, origin)
    const typed = await typing(page)
    const sorted = await sortComplete(page, origin)
    const live = await liveWide(page, origin)
    await context.close()
    const summaries = await summariesDemo(browser, origin)
    const liveSummaries = await summariesLive(browser, origin)

    console.info(`UI benchmark, headless Chromium, built app (${origin}), load average ${await loadAverage()}`)
    console.info(`initial JS (index.html scripts + modulepreload: ${js.files.join(', ')}): ${kb(js.entryRaw)} raw, ${kb(js.entryGzip)} gzip (target <= 110 KB); all JS chunks incl. lazy and worker: ${kb(js.allJsGzip)} gzip`)
    console.info(`navigation -> first demo result painted: median ${ms(median(load))} of ${RUNS} fresh contexts (runs: ${load.map(ms).join(', ')}; target <= 1000 ms)`)
    printBig(big, typed)
    console.info(
      `sorting a complete result in the browser (${sorted.shown}; ${sorted.sortedInBrowser ? 'sorted in the browser' : 'NOT complete: sorted by the server'}): ` +
        `click -> painted median ${ms(median(sorted.sortMs))} (runs: ${sorted.sortMs.map(ms).join(', ')}; target <= 100 ms); longest task ${ms(sorted.longestTaskMs)}`,
    )
    printSummaries(summaries, liveSummaries)
    printLive(live)
  } finally {
    await browser.close()
    if (child.pid !== undefined) process.kill(-child.pid)
  }
}

await main()
