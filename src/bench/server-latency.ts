// The in-memory server's fairness figures at one size: `npm run api --resource` started on the
// generated CSV, then the latency of a cheap request (`limit 5`) over HTTP
//  - in the first 10 s after `listening on` (the rest of the file loading, then the background indexes),
//  - on the idle server, once the file is loaded (the baseline, same run),
//  - while each heavy request runs (a `distinct` sort on two text fields, 200 sort clauses, a 3.4 MB
//    body of 200,000 clauses, a common `q` with a sort),
// each with the load average when it was taken. Cheap requests go one after another, 10 ms apart.
// Beside each latency, the longest stretch the server's event loop was held in one go meanwhile, by
// wall clock and by the server's main-thread CPU time (loop-monitor.ts, preloaded into the server):
// the CPU figure is what a step costs whatever the machine's load, the one to compare across runs;
// beside them the stretch's page faults (fresh memory first touched: its count does not move with load).
// Run alone: node --import tsx src/bench/server-latency.ts [records] [node flags for the server...]
// (e.g. `--cpu-prof --cpu-prof-dir=prof` or `--trace-gc`, to see what holds the server's event loop).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeGeneratedCsv } from './bench-csv.ts'
import { closeConnections, postJson } from './http-client.ts'
import type { LoopStretch } from './loop-monitor.ts'

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))
const SERVER_MAIN = fileURLToPath(new URL('../server/main.ts', import.meta.url))
const LOOP_MONITOR = new URL('./loop-monitor.ts', import.meta.url).href
const STARTUP_WINDOW_MS = 10_000
const GAP_MS = 10
const BASELINE_SAMPLES = 100
const RESOURCE = 'bench'

export interface LatencySamples {
  count: number
  medianMs: number
  maxMs: number
  /** 1-minute load average when the samples were taken. */
  load: number
  /** The longest stretch the server's event loop was held meanwhile (undefined where not monitored). */
  longest?: { wallMs: number; cpuMs: number; faults: number }
}

export interface HeavyFigure {
  name: string
  status: number
  heavyMs: number
  /** The cheap request's latency while this one ran. */
  cheap: LatencySamples
}

export interface ServerLatencyResult {
  records: number
  startup: LatencySamples & { estimated: number }
  /** From `listening on` to the first answer on the whole table (not estimated). */
  loadedAfterMs: number
  baseline: LatencySamples
  heavies: HeavyFigure[]
}

interface Heavy {
  name: string
  body: unknown
}

const HEAVIES: readonly Heavy[] = [
  { name: '`distinct` sorted on two text fields (street, description)', body: { resource_id: RESOURCE, distinct: true, fields: ['street', 'description'], sort: 'street, description', limit: 5 } },
  { name: '200 sort clauses (`description desc` x 200)', body: { resource_id: RESOURCE, sort: Array(200).fill('description desc').join(','), limit: 5 } },
  { name: '200,000 sort clauses (3.4 MB body)', body: { resource_id: RESOURCE, sort: Array.from({ length: 200_000 }, (_, i) => (i % 2 === 0 ? 'street desc' : 'category')), limit: 5 } },
  { name: 'common `q` ("e") sorted on a text field', body: { resource_id: RESOURCE, q: 'e', sort: 'agency, description desc', limit: 5 } },
]

function summarize(latencies: number[]): LatencySamples {
  const sorted = latencies.toSorted((a, b) => a - b)
  return { count: sorted.length, medianMs: sorted[Math.floor(sorted.length / 2)] ?? NaN, maxMs: sorted.at(-1) ?? NaN, load: loadavg()[0] }
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

async function cheapOnce(base: string): Promise<{ ms: number; estimated: boolean }> {
  const started = performance.now()
  // node:http on a kept-alive connection: Node's fetch costs the client milliseconds of CPU per request (http-client.ts)
  const response = await postJson(`${base}/api/action/datastore_search`, { resource_id: RESOURCE, limit: 5 })
  const body = response.body as { result?: { total_was_estimated?: boolean } }
  if (response.status !== 200) throw new Error(`limit 5 answered ${response.status}`)
  return { ms: performance.now() - started, estimated: body.result?.total_was_estimated === true }
}

function startServer(csvPath: string, nodeFlags: readonly string[], monitorFile: string): Promise<{ child: ChildProcess; base: string }> {
  // a generous bound: these figures are about the other requests, the heavy ones should finish
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', '--import', LOOP_MONITOR, SERVER_MAIN, '--port', '0', '--statement-timeout', '600', '--resource', `${RESOURCE}=${csvPath}`],
    { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 2], env: { ...process.env, LOOP_MONITOR_FILE: monitorFile } })
  return new Promise((resolve, reject) => {
    let output = ''
    child.on('error', reject)
    child.on('exit', (code) => reject(new Error(`The server exited with code ${code}: ${output.slice(0, 500)}`)))
    child.stdout?.on('data', (data: Buffer) => {
      output += data.toString()
      const base = /listening on (\S+)/.exec(output)?.[1]
      if (base !== undefined) resolve({ child, base })
    })
  })
}

/** A time window of the bench (epoch ms) and the figures it gets the longest stretch of. */
interface Window {
  from: number
  to: number
  figures: LatencySamples
}

const epochNow = (): number => performance.timeOrigin + performance.now()

/** Gives each window the longest stretch (by CPU time) that started in it. */
function attachStretches(windows: readonly Window[], stretches: readonly LoopStretch[]): void {
  for (const { from, to, figures } of windows) {
    let longest: LoopStretch | undefined
    for (const stretch of stretches) {
      if (stretch.at < from || stretch.at > to) continue
      if (longest === undefined || stretch.cpuMs > longest.cpuMs) longest = stretch
    }
    figures.longest = { wallMs: longest?.wallMs ?? 0, cpuMs: longest?.cpuMs ?? 0, faults: longest?.faults ?? 0 }
  }
}

export async function measureServerLatency(csvPath: string, records: number, log: (line: string) => void, serverNodeFlags: readonly string[] = []): Promise<ServerLatencyResult> {
  const folder = mkdtempSync(join(tmpdir(), 'server-latency-'))
  const monitorFile = join(folder, 'stretches.json')
  const { child, base } = await startServer(csvPath, serverNodeFlags, monitorFile)
  try {
    const windows: Window[] = []
    const result = await measureRunning(base, records, log, windows)
    // stopped: the server writes its stretches as it exits
    child.removeAllListeners('exit')
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    child.kill()
    await exited
    try {
      attachStretches(windows, JSON.parse(readFileSync(monitorFile, 'utf8')) as LoopStretch[])
    } catch {
      log('(the server wrote no event loop figures)')
    }
    return result
  } finally {
    child.removeAllListeners('exit')
    child.kill()
    rmSync(folder, { recursive: true, force: true })
  }
}

async function measureRunning(base: string, records: number, log: (line: string) => void, windows: Window[]): Promise<ServerLatencyResult> {
  log(`[server ${records.toLocaleString('en-US')}] limit 5 for ${STARTUP_WINDOW_MS / 1000} s after listening`)
  const listening = performance.now()
  const listeningEpoch = epochNow()
  const startup: number[] = []
  let estimated = 0
  while (performance.now() - listening < STARTUP_WINDOW_MS) {
    const answer = await cheapOnce(base)
    startup.push(answer.ms)
    if (answer.estimated) estimated++
    await pause(GAP_MS)
  }
  const startupFigures = { ...summarize(startup), estimated }
  windows.push({ from: listeningEpoch, to: epochNow(), figures: startupFigures })
  // the rest is measured on the whole table: sorts and `distinct` would otherwise wait for the load
  const loading = performance.now()
  while ((await cheapOnce(base)).estimated) await pause(100)
  const loadedAfterMs = performance.now() - listening
  log(`[server ${records.toLocaleString('en-US')}] loaded ${Math.round(performance.now() - loading)} ms after the window`)
  await pause(3000)
  log(`[server ${records.toLocaleString('en-US')}] baseline: limit 5 on the idle server`)
  const idle: number[] = []
  const idleFrom = epochNow()
  for (let i = 0; i < BASELINE_SAMPLES; i++) {
    idle.push((await cheapOnce(base)).ms)
    await pause(GAP_MS)
  }
  const baseline = summarize(idle)
  windows.push({ from: idleFrom, to: epochNow(), figures: baseline })
  const heavies: HeavyFigure[] = []
  for (const heavy of HEAVIES) {
    log(`[server ${records.toLocaleString('en-US')}] limit 5 during ${heavy.name}`)
    const started = performance.now()
    const startedEpoch = epochNow()
    let finished = false
    const answer = fetch(`${base}/api/action/datastore_search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(heavy.body) })
      .then(async (response) => {
        await response.arrayBuffer()
        return { status: response.status, ms: performance.now() - started }
      })
      .finally(() => {
        finished = true
      })
    const cheap: number[] = []
    // oxlint-disable-next-line eslint/no-unmodified-loop-condition -- set when the heavy request settles
    while (!finished) {
      cheap.push((await cheapOnce(base)).ms)
      await pause(GAP_MS)
    }
    const { status, ms } = await answer
    const figures = summarize(cheap)
    windows.push({ from: startedEpoch, to: epochNow(), figures })
    heavies.push({ name: heavy.name, status, heavyMs: ms, cheap: figures })
    await pause(500)
  }
  return { records, startup: startupFigures, loadedAfterMs, baseline, heavies }
}

const fixed = (value: number): string => (Number.isFinite(value) ? value.toFixed(1) : '–')
const held = (figures: LatencySamples): string => (figures.longest === undefined ? '–' : `${figures.longest.cpuMs.toFixed(1)} (${figures.longest.wallMs.toFixed(1)}, ${Number.isFinite(figures.longest.faults) ? figures.longest.faults : '–'})`)
const ratio = (value: number, base: number): string => (Number.isFinite(value) && base > 0 ? `${(value / base).toFixed(1)}×` : '–')
const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`

/** The targets (issues: a cheap request while the file loads and indexes build, and while a heavy request runs). */
export const SERVER_LATENCY_TARGETS = { startupMedianMs: 5, startupMaxMs: 20, heavyMaxMs: 50 } as const

const verdict = (met: boolean): string => (met ? 'met' : '**not met**')

export function formatServerLatency(result: ServerLatencyResult): string {
  const { baseline, startup } = result
  const { startupMedianMs, startupMaxMs, heavyMaxMs } = SERVER_LATENCY_TARGETS
  const rows = [
    line(['idle server (baseline)', String(baseline.count), fixed(baseline.medianMs), fixed(baseline.maxMs), held(baseline), '1.0×', '–', baseline.load.toFixed(1), '–', '', '']),
    line([`first ${STARTUP_WINDOW_MS / 1000} s after \`listening on\``, String(startup.count), fixed(startup.medianMs), fixed(startup.maxMs), held(startup), ratio(startup.medianMs, baseline.medianMs), '–', startup.load.toFixed(1),
      `≤ ${startupMedianMs} ms median, ≤ ${startupMaxMs} ms max`, verdict(startup.medianMs <= startupMedianMs && startup.maxMs <= startupMaxMs),
      `${startup.estimated} answered while the file still loaded (loaded ${Math.round(result.loadedAfterMs).toLocaleString('en-US')} ms after listening)`]),
    ...result.heavies.map((heavy) => line([`during ${heavy.name}`, String(heavy.cheap.count), fixed(heavy.cheap.medianMs), fixed(heavy.cheap.maxMs), held(heavy.cheap), ratio(heavy.cheap.medianMs, baseline.medianMs),
      `${Math.round(heavy.heavyMs).toLocaleString('en-US')} ms (${heavy.status})`, heavy.cheap.load.toFixed(1), `≤ ${heavyMaxMs} ms max`, verdict(heavy.cheap.maxMs <= heavyMaxMs), ''])),
  ]
  return [
    `### In-memory server over HTTP, ${result.records.toLocaleString('en-US')} records: a cheap request (\`limit 5\`) beside other work`,
    '',
    line(['while', 'requests', 'median (ms)', 'max (ms)', 'longest hold: CPU ms (wall ms, page faults)', 'median / baseline', 'heavy request took', 'load (1 min)', 'target', 'target met', 'note']),
    line(['---', '---', '---', '---', '---', '---', '---', '---', '---', '---', '---']),
    ...rows,
  ].join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const records = Number(process.argv[2] ?? 1_000_000)
  const csvPath = await writeGeneratedCsv(fileURLToPath(new URL(`../../.bench-cache/service-requests-${records}.csv`, import.meta.url)), records)
  const result = await measureServerLatency(csvPath, records, (text) => process.stderr.write(`${text}\n`), process.argv.slice(3))
  process.stdout.write(`${formatServerLatency(result)}\n`)
  closeConnections()
}
