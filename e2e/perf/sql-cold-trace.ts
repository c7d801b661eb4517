// Where the demo SQL's cold first answer goes, run by hand: `npx tsx e2e/perf/sql-cold-trace.ts
// [--dist DIR] [--base DIR]` (DIR built first when missing). In a fresh context per build: the pointer
// on `SQL`, `SQL` chosen, Run pressed, until the first answer on Courses, under a Chromium trace. Prints
// for each thread that worked (the page, each worker, the compile and network threads): its CPU time
// (thread time, which a loaded machine does not stretch the way it does wall time) and its busiest
// trace events and sampled functions; then the SQL worker's marks (`sql-worker:` user timings) with
// the time since the pointer and the worker's CPU time up to each. `--warm`: then, after three warm
// statements, a fourth traced the same way from its click to its answer. Figures beside the load average.
import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import { chromium, type Browser, type Page } from '@playwright/test'
import { COURSES_RESOURCE_ID } from '../../src/demo/metadata.ts'
import { startPreview } from './preview.ts'
import { TRACE_CATEGORIES, type ProfileNode, type TraceEvent } from './task-trace.ts'

const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? '/usr/bin/chromium'
const load = () => `load average (1 min) ${loadavg()[0].toFixed(1)}`

// The task traces' categories, and wasm's compiles and calls
const CATEGORIES = [...TRACE_CATEGORIES, 'v8.wasm']

const rounded = (us: number): number => Math.round(us / 1000)

/** Top-level complete events of one thread (those not inside another), sorted. */
function topLevel(events: TraceEvent[]): TraceEvent[] {
  const sorted = events.filter((event) => event.ph === 'X' && event.dur !== undefined).toSorted((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const tops: TraceEvent[] = []
  let end = Number.NEGATIVE_INFINITY
  for (const event of sorted) {
    if (event.ts < end) continue
    end = event.ts + (event.dur ?? 0)
    tops.push(event)
  }
  return tops
}

/** Own wall time of each event name (its time less that of the events inside it), µs. */
function ownTimes(events: TraceEvent[]): Map<string, number> {
  const sorted = events.filter((event) => event.ph === 'X' && event.dur !== undefined).toSorted((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))
  const own = new Map<string, number>()
  const stack: { event: TraceEvent; end: number; inner: number }[] = []
  const close = (until: number) => {
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= until) {
      const done = stack.pop()!
      own.set(done.event.name, (own.get(done.event.name) ?? 0) + (done.event.dur ?? 0) - done.inner)
    }
  }
  for (const event of sorted) {
    close(event.ts)
    const parent = stack.at(-1)
    if (parent) parent.inner += event.dur ?? 0
    stack.push({ event, end: event.ts + (event.dur ?? 0), inner: 0 })
  }
  close(Number.POSITIVE_INFINITY)
  return own
}

/** Sampled self time of each function on one thread, µs. */
function sampledFunctions(events: TraceEvent[], pid: number, tid: number): Map<string, number> {
  const profiles = events.filter((event) => event.name === 'Profile' && event.pid === pid && event.tid === tid)
  const starts = new Map(profiles.map((event) => [event.id, event.args?.data?.startTime ?? event.ts]))
  const nodes = new Map<string, ProfileNode>()
  const samples: [number, string][] = []
  const clock = new Map<string | undefined, number>()
  for (const event of events) {
    if (event.name !== 'ProfileChunk' || event.pid !== pid || !starts.has(event.id)) continue
    const data = event.args?.data
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(`${event.id}:${node.id}`, node)
    let time = clock.get(event.id) ?? starts.get(event.id) ?? 0
    const deltas = data?.timeDeltas ?? []
    ;(data?.cpuProfile?.samples ?? []).forEach((node, index) => {
      time += deltas[index] ?? 0
      samples.push([time, `${event.id}:${node}`])
    })
    clock.set(event.id, time)
  }
  samples.sort((a, b) => a[0] - b[0])
  const self = new Map<string, number>()
  for (let i = 1; i < samples.length; i++) {
    const node = nodes.get(samples[i]![1])
    if (node === undefined) continue
    const { functionName, url = '' } = node.callFrame
    const name = `${functionName || '(anonymous)'} ${url.split('/').at(-1) ?? ''}`.trim()
    self.set(name, (self.get(name) ?? 0) + samples[i]![0] - samples[i - 1]![0])
  }
  return self
}

const top = (map: Map<string, number>, count: number, floorUs = 5000): string =>
  [...map.entries()].toSorted((a, b) => b[1] - a[1]).slice(0, count).filter(([, us]) => us >= floorUs).map(([name, us]) => `${name} ${(us / 1000).toFixed(floorUs < 1000 ? 1 : 0)}`).join(', ')

/** Each thread's CPU (and the SQL worker's marks) from the trace's first `from` event, up to `withinMs` after it. */
function report(events: TraceEvent[], from: 'pointerover' | 'click', withinMs = Number.POSITIVE_INFINITY): void {
  // the page marks the moment before the pointer moves (the trace began before the page loaded)
  const after = events.find((event) => event.name === 'trace:pointer' && event.cat.includes('blink.user_timing'))?.ts ?? 0
  const start = events.find((event) => event.ts >= after && event.name === 'EventDispatch' && (event.args?.data as { type?: string } | undefined)?.type === from)?.ts ?? 0
  const end = start + withinMs * 1000
  // a warm statement's few milliseconds are shown to a tenth
  const floor = withinMs === Number.POSITIVE_INFINITY ? 5000 : 300
  events = events.filter((event) => event.ph === 'M' || (event.ts >= start && event.ts <= end))
  const names = new Map<string, string>()
  for (const event of events) if (event.ph === 'M' && event.name === 'thread_name') names.set(`${event.pid}:${event.tid}`, event.args?.name ?? '?')
  const byThread = new Map<string, TraceEvent[]>()
  for (const event of events) {
    const key = `${event.pid}:${event.tid}`
    let list = byThread.get(key)
    if (list === undefined) byThread.set(key, (list = []))
    list.push(event)
  }
  const all = [...byThread.entries()].map(([key, list]) => ({ key, list, name: names.get(key) ?? '?', cpu: topLevel(list).reduce((sum, event) => sum + (event.tdur ?? 0), 0), wall: topLevel(list).reduce((sum, event) => sum + (event.dur ?? 0), 0) }))
  // the CPU of every thread together (a 2-core machine shares it), and the service worker's (its first install downloads and stores the app)
  const cpuOf = (name: RegExp) => rounded(all.filter((thread) => name.test(thread.name)).reduce((sum, thread) => sum + thread.cpu, 0))
  console.info(`  CPU of all threads ${cpuOf(/./)} ms, of which the service worker's ${cpuOf(/^ServiceWorker/)} ms`)
  const threads = all
    .filter((thread) => thread.cpu > (withinMs === Number.POSITIVE_INFINITY ? 20_000 : 1000))
    .toSorted((a, b) => b.cpu - a.cpu)
  for (const thread of threads) {
    const [pid, tid] = thread.key.split(':').map(Number) as [number, number]
    console.info(`  ${thread.name} ${thread.key}: CPU ${rounded(thread.cpu)} ms, busy (wall) ${rounded(thread.wall)} ms`)
    console.info(`    events by own wall time (ms): ${top(ownTimes(thread.list), 10, floor)}`)
    const functions = top(sampledFunctions(events, pid, tid), 12, floor)
    if (functions) console.info(`    sampled functions, self (ms): ${functions}`)
    const marks = thread.list.filter((event) => event.cat.includes('blink.user_timing') && event.name.startsWith('sql-worker:') && event.ph !== 'e').toSorted((a, b) => a.ts - b.ts)
    const tops = topLevel(thread.list)
    // CPU up to `ts`: the events ended before it, and the part of the one running then (pro rata)
    const cpuUntil = (ts: number) => tops.filter((event) => event.ts < ts).reduce((sum, event) => sum + Math.min(event.tdur ?? 0, ((ts - event.ts) * (event.tdur ?? 0)) / Math.max(1, event.dur ?? 1)), 0)
    let previous = start
    for (const mark of marks) {
      if (mark.ts - previous < 1000) continue
      const inside = thread.list.filter((event) => event.ts >= previous && event.ts < mark.ts)
      console.info(`    ${mark.name}: ${rounded(mark.ts - start)} ms after the ${from}, worker CPU so far ${rounded(cpuUntil(mark.ts))} ms (${rounded(cpuUntil(mark.ts) - cpuUntil(previous))} since the last mark); own wall time in that span (ms): ${top(ownTimes(inside), 6, floor)}`)
      previous = mark.ts
    }
  }
}

async function warmStatement(page: Page, i: number): Promise<number> {
  await page.locator('.sql-editor .cm-content').fill(`SELECT subject, count(*) AS n, ${i} AS run FROM "${COURSES_RESOURCE_ID}" GROUP BY subject`)
  const before = await page.locator('output.status-text').textContent()
  const clicked = await page.evaluate(() => performance.now())
  await page.getByRole('button', { name: 'Run query' }).click()
  await page.waitForFunction(
    (previous) => {
      const status = document.querySelector('output.status-text')?.textContent ?? ''
      return status.startsWith('Showing 8 records') && status !== previous
    },
    before,
    { polling: 5 },
  )
  return (await page.evaluate(() => performance.now())) - clicked
}

declare global {
  interface Window {
    serviceWorkerRegistered?: number
  }
}

/** In every page: when it registers its service worker (time since the epoch, as `pointer`). */
function recordServiceWorker(): void {
  const register = ServiceWorkerContainer.prototype.register
  ServiceWorkerContainer.prototype.register = function (...args: Parameters<typeof register>) {
    window.serviceWorkerRegistered ??= performance.timeOrigin + performance.now()
    return register.apply(this, args)
  }
}

async function trace(browser: Browser, origin: string): Promise<void> {
  const context = await browser.newContext()
  try {
    await context.addInitScript(recordServiceWorker)
    const page = await context.newPage()
    // traced from before the page loads (the report starts at the pointer): no pause between the first
    // answer and the pointer, as in sql-bench, during which the page could do what waits for a quiet spell
    await browser.startTracing(page, { categories: CATEGORIES })
    await page.goto(origin)
    await page.waitForFunction(() => (document.querySelector('output.status-text')?.textContent ?? '').startsWith('Showing'))
    const sql = page.getByRole('radio', { name: 'SQL' })
    const pointer = await page.evaluate(() => {
      performance.mark('trace:pointer')
      return performance.timeOrigin + performance.now()
    })
    await sql.hover()
    await sql.check()
    await page.getByRole('button', { name: 'Run query' }).click()
    await page.waitForFunction(() => (document.querySelector('output.status-text')?.textContent ?? '').startsWith('Showing 10 records ·'), undefined, { timeout: 120_000, polling: 20 })
    const answered = await page.evaluate(() => performance.timeOrigin + performance.now())
    const events = (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents
    const registered = await page.evaluate(() => window.serviceWorkerRegistered)
    const sw = registered === undefined ? 'not registered yet' : registered < pointer ? `registered ${Math.round(pointer - registered)} ms before the pointer` : `registered ${Math.round(registered - pointer)} ms after the pointer`
    console.info(`pointer on SQL -> answer on screen (polled every 20 ms): ${Math.round(answered - pointer).toLocaleString('en')} ms (${load()}); service worker ${sw}`)
    report(events, 'pointerover')
    if (process.argv.includes('--warm')) {
      for (let i = 0; i < 3; i++) await warmStatement(page, i)
      await browser.startTracing(page, { categories: CATEGORIES })
      const elapsed = await warmStatement(page, 3)
      const warm = (JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents
      console.info(`a warm statement: click -> answer on screen (polled every 5 ms) ${Math.round(elapsed)} ms (${load()}); each thread's CPU from the click to the answer:`)
      report(warm, 'click', elapsed)
    }
  } finally {
    await context.close()
  }
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name)
  return index < 0 ? undefined : process.argv[index + 1]
}

const builds = [{ label: 'this build', dist: option('--dist') ?? 'dist' }, ...(option('--base') === undefined ? [] : [{ label: 'base', dist: option('--base')! }])]
const served = await Promise.all(builds.map(async (build) => ({ ...build, ...(await startPreview(build.dist)) })))
const browser = await chromium.launch({ executablePath: existsSync(chromiumPath) ? chromiumPath : undefined, args: ['--no-sandbox', '--disable-gpu'] })
try {
  for (const build of served) {
    console.info(`${build.label} (${build.dist}), ${load()}:`)
    await trace(browser, build.origin)
  }
  console.info(`${load()} at the end`)
} finally {
  await browser.close()
  for (const { child } of served) if (child.pid) process.kill(-child.pid)
}
