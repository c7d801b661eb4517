// Issue 21's PostgreSQL targets over HTTP: each request the first time, on a server started afresh
// (nothing counted yet but the tables' record counts, which the server makes before it listens), and
// repeated (the median once the total is known). Rows: the explorer's default requests, total
// included, at 1M (first page, rare q, filters, common q), and the same as a page without its total
// plus the total apart; at 10M, the page of a common q without its total, and that total against
// the 1M figure of the same run.
import { loadavg } from 'node:os'
import { usedBetween, type BackendUsage } from './pg-backends.ts'
import { COMMON_NEEDLE, type BenchQuery } from './queries.ts'

export interface TargetServer {
  /** Times one datastore_search (ms), failing on an error answer. */
  timed(params: Record<string, unknown>): Promise<number>
  stop(): Promise<void>
}

export interface TargetRun {
  count: number
  /** Starts the PostgreSQL store's server afresh on the imported table. */
  start(): Promise<TargetServer>
  queries: readonly BenchQuery[]
  warmups: number
  runs: number
  log(line: string): void
  /** A database setting these figures were measured with, named in the heading (none: the default). */
  setting?: string
  /** The store's backends' CPU and faults by backend (pg-backends.ts), when the database is local. */
  backends?: () => Promise<ReadonlyMap<number, BackendUsage>>
}

/** The figures one size gives, for the 10M rows' ratio. */
export interface TargetFigures {
  count: number
  /** The first count of a common q's total (limit 0), ms. */
  commonTotalFirst: number
}

interface TargetRow {
  label: string
  id: BenchQuery['id']
  /** Targets in ms: the first time, and repeated. */
  firstTarget: number
  repeatedTarget: number
}

interface Measured extends TargetRow {
  /** ms, the default request (total included): first time, repeated median. */
  first: number
  repeated: number
  /** ms, the page without its total: first time, repeated median; then the total alone, first time. */
  pageFirst: number
  pageRepeated: number
  totalFirst: number
  /** The database's CPU and faults for the first default request, and for the first total alone. */
  firstUsage: BackendUsage | undefined
  totalUsage: BackendUsage | undefined
}

const ROWS: readonly TargetRow[] = [
  { label: 'first page', id: 'Q1', firstTarget: 10, repeatedTarget: 10 },
  { label: 'rare q', id: 'Q3', firstTarget: 10, repeatedTarget: 10 },
  { label: 'filters', id: 'Q4', firstTarget: 40, repeatedTarget: 10 },
  { label: `common q '${COMMON_NEEDLE}'`, id: 'Q2', firstTarget: 100, repeatedTarget: 10 },
]

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

function mark(value: number, target: number): string {
  return `${value.toFixed(1)} ${value <= target ? '(met)' : '(NOT met)'}`
}

function usage(used: BackendUsage | undefined): string {
  return used === undefined ? '-' : `${used.cpuMs.toFixed(0)} ms / ${used.faults.toLocaleString('en')}`
}

/** Times `request`, with the database's CPU and faults around it when `backends` can read them. */
async function withUsage(backends: TargetRun['backends'], request: () => Promise<number>): Promise<{ ms: number; used: BackendUsage | undefined }> {
  const before = await backends?.()
  const ms = await request()
  const after = await backends?.()
  return { ms, used: before === undefined || after === undefined ? undefined : usedBetween(before, after) }
}

async function repeatedMedian(server: TargetServer, params: Record<string, unknown>, warmups: number, runs: number): Promise<number> {
  for (let i = 0; i < warmups; i++) await server.timed(params)
  const times: number[] = []
  for (let i = 0; i < runs; i++) times.push(await server.timed(params))
  return median(times)
}

/** The default request (total included) and the page and total apart, first time and repeated. */
export async function targetFigures(run: TargetRun, oneMillion: TargetFigures | undefined): Promise<TargetFigures> {
  const { log } = run
  const byId = new Map(run.queries.map((query) => [query.id, query]))
  const rows: Measured[] = []
  log('')
  log(`### ${run.count.toLocaleString('en')} records, issue 21's targets${run.setting === undefined ? '' : ` with ${run.setting}`}: first request on a server started afresh, then the median of ${run.runs} repeats (load average ${loadavg()[0].toFixed(1)} before)`)
  for (const row of ROWS) {
    const query = byId.get(row.id)
    if (query === undefined) throw new Error(`no bench query ${row.id}`)
    const { include_total: _, ...page } = query.params
    const withTotal = { ...page, include_total: true }
    const withoutTotal = { ...page, include_total: false }
    // the default request: the page and its total in one answer
    let server = await run.start()
    let first: number
    let firstUsage: BackendUsage | undefined
    let repeated: number
    try {
      const measured = await withUsage(run.backends, () => server.timed(withTotal))
      first = measured.ms
      firstUsage = measured.used
      repeated = await repeatedMedian(server, withTotal, run.warmups, run.runs)
    } finally {
      await server.stop()
    }
    // as the explorer asks: the page without its total, then the total alone
    server = await run.start()
    let pageFirst: number
    let totalFirst: number
    let totalUsage: BackendUsage | undefined
    let pageRepeated: number
    try {
      pageFirst = await server.timed(withoutTotal)
      const measured = await withUsage(run.backends, () => server.timed({ ...page, limit: 0, include_total: true }))
      totalFirst = measured.ms
      totalUsage = measured.used
      pageRepeated = await repeatedMedian(server, withoutTotal, run.warmups, run.runs)
    } finally {
      await server.stop()
    }
    rows.push({ ...row, first, repeated, pageFirst, pageRepeated, totalFirst, firstUsage, totalUsage })
  }
  const common = rows.find((row) => row.id === 'Q2')!
  if (run.count <= 1_000_000) {
    log('')
    log('| default request, total included (target first / repeated) | first time, ms | repeated, median ms | page without total: first / repeated, ms | its total alone, first, ms | first time, database CPU / minor faults: default request; total alone |')
    log('|---|---|---|---|---|---|')
    for (const row of rows) {
      const label = `${row.id} ${row.label} (<= ${row.firstTarget} / ${row.repeatedTarget} ms)`
      log(`| ${label} | ${mark(row.first, row.firstTarget)} | ${mark(row.repeated, row.repeatedTarget)} | ${row.pageFirst.toFixed(1)} / ${row.pageRepeated.toFixed(1)} | ${row.totalFirst.toFixed(1)} | ${usage(row.firstUsage)}; ${usage(row.totalUsage)} |`)
    }
    log('(the database CPU and faults are the store\'s backends\' own, from /proc: they hold under load, where the milliseconds wait for a core)')
    if (run.count < 1_000_000) log(`(the targets are for 1,000,000 records; this run has ${run.count.toLocaleString('en')})`)
  } else {
    log('')
    log('| request | first time, ms | repeated, median ms | target | first time, database CPU / minor faults |')
    log('|---|---|---|---|---|')
    for (const row of rows) log(`| ${row.id} ${row.label}, total included | ${row.first.toFixed(1)} | ${row.repeated.toFixed(1)} | (none at this size) | ${usage(row.firstUsage)} |`)
    log(`| Q2 page of common q '${COMMON_NEEDLE}' without total | ${mark(common.pageFirst, 50)} | ${common.pageRepeated.toFixed(1)} | <= 50 ms | |`)
    const ratio = oneMillion === undefined ? undefined : common.totalFirst / oneMillion.commonTotalFirst
    const against = oneMillion === undefined
      ? 'no 1,000,000 figure in this run (run with 1000000 10000000)'
      : `${ratio!.toFixed(1)}x the 1,000,000 figure ${oneMillion.commonTotalFirst.toFixed(1)} ms ${ratio! <= 3 ? '(met)' : '(NOT met)'}`
    log(`| its total alone, first time | ${common.totalFirst.toFixed(1)} | | <= 3x the 1M figure: ${against} | ${usage(common.totalUsage)} |`)
  }
  log(`- load average after ${loadavg()[0].toFixed(1)}`)
  return { count: run.count, commonTotalFirst: common.totalFirst }
}
