// `npm run bench:pg -- [records...] [--sql-only]`: the in-memory server and the PostgreSQL server over
// HTTP, in one run, on the same generated CSV (the demo generator's data, as `npm run bench` uses):
// Q1-Q7 and a numeric sort (median of the timed runs), the import time, the start time with the table
// already in the database, and each server's RSS while serving; then `datastore_search_sql` (`--sql`)
// on both, a GROUP BY over the category. Starts a throwaway PostgreSQL cluster.
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { GENERATED_FIELDS } from '../demo/generator.ts'
import { startCluster } from '../server/postgres/test-support/cluster.ts'
import { startServer, type RunningServer } from '../server/test-support/server-process.ts'
import { writeGeneratedCsv } from './bench-csv.ts'
import { queriesForGeneratedData } from './dataset.ts'

/** The numeric sort: the generator's first numeric column. */
const NUMBER_FIELD = GENERATED_FIELDS.find((field) => field.type === 'numeric')?.id ?? GENERATED_FIELDS[0]!.id
const CACHE_DIR = fileURLToPath(new URL('../../.bench-cache/', import.meta.url))
const WARMUPS = 2
const RUNS = Number(process.env.BENCH_RUNS ?? 7)
/** The GROUP BY's targets over HTTP (issue: SQL end to end), at 1,000,000 records. */
const SQL_TARGET_MS = { postgres: 300, memory: 2000 }
/** `--sql-only`: skip the datastore_search table, measure only datastore_search_sql. */
const SQL_ONLY = process.argv.includes('--sql-only')

function rssMb(server: RunningServer): number {
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024
}

async function timed(server: RunningServer, params: Record<string, unknown>): Promise<number> {
  const started = performance.now()
  const response = await fetch(`${server.origin}/data/api/action/datastore_search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  })
  const body = (await response.json()) as { success: boolean }
  if (!body.success) throw new Error(`query failed: ${JSON.stringify(params)} -> ${JSON.stringify(body).slice(0, 300)}`)
  return performance.now() - started
}

async function timedSql(server: RunningServer, sql: string): Promise<number> {
  const started = performance.now()
  const response = await fetch(`${server.origin}/data/api/action/datastore_search_sql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ sql }),
  })
  const body = (await response.json()) as { success: boolean }
  if (!body.success) throw new Error(`SQL failed: ${sql} -> ${JSON.stringify(body).slice(0, 300)}`)
  return performance.now() - started
}

/** Until the in-memory server says PGlite holds the resources (it loads them at start with --sql). */
async function sqlLoaded(server: RunningServer, timeoutMs = 60 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!server.stdout.some((line) => line.startsWith('SQL engine (PGlite) loaded'))) {
    if (server.child.exitCode !== null || Date.now() > deadline) throw new Error(`PGlite did not load: ${server.stderr.join('')}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

/**
 * `--sql` on a server started with `args`: the first request, then the median. On the in-memory
 * default the first request comes once PGlite is loaded (the load's own line gives its time).
 */
async function sqlFigures(args: string[], sql: string, memory: boolean): Promise<{ first: number; median: number; loadLine?: string }> {
  const { server } = await startTimed([...args, '--sql'])
  try {
    if (memory) await sqlLoaded(server)
    const loadLine = server.stdout.find((line) => line.startsWith('SQL engine (PGlite) loaded'))
    const first = await timedSql(server, sql)
    for (let i = 0; i < WARMUPS; i++) await timedSql(server, sql)
    const times: number[] = []
    for (let i = 0; i < RUNS; i++) times.push(await timedSql(server, sql))
    return { first, median: median(times), ...(loadLine === undefined ? {} : { loadLine }) }
  } finally {
    await stopServer(server)
  }
}

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

async function stopServer(server: RunningServer): Promise<void> {
  server.child.kill('SIGTERM')
  await server.exited
}

async function startTimed(args: string[]): Promise<{ server: RunningServer; seconds: number }> {
  const started = performance.now()
  const server = await startServer(args, 30 * 60_000)
  return { server, seconds: (performance.now() - started) / 1000 }
}

async function benchSize(count: number): Promise<string[]> {
  const lines: string[] = []
  const log = (line: string): void => {
    process.stderr.write(`${line}\n`)
    lines.push(line)
  }
  mkdirSync(CACHE_DIR, { recursive: true })
  const csv = `${CACHE_DIR}pg-bench-${count}.csv`
  process.stderr.write(`writing ${csv}\n`)
  await writeGeneratedCsv(csv, count)
  const cluster = await startCluster()
  try {
    const id = 'bench'
    const load = loadavg()[0].toFixed(1)
    const imported = await startTimed(['--database', cluster.url, '--import', `${id}=${csv}`])
    const importLine = imported.server.stdout.find((line) => line.startsWith('imported '))
    await stopServer(imported.server)
    if (!SQL_ONLY) await searchFigures({ url: cluster.url, id, csv, importSeconds: imported.seconds, importLine, log, count, load })
    // datastore_search_sql, each server started again with --sql once the searches are measured
    const sql = `SELECT category, count(*) FROM "${id}" GROUP BY 1`
    log('')
    log(`### ${count.toLocaleString('en')} records, datastore_search_sql: ${sql} (load average ${loadavg()[0].toFixed(1)} before)`)
    const pgSql = await sqlFigures(['--database', cluster.url], sql, false)
    log(`- PostgreSQL store: median ${pgSql.median.toFixed(1)} ms (target <= ${SQL_TARGET_MS.postgres} ms at 1M records; first request ${pgSql.first.toFixed(1)} ms)`)
    const memorySql = await sqlFigures(['--resource', `${id}=${csv}`], sql, true)
    log(`- in memory (PGlite in a worker thread): median ${memorySql.median.toFixed(1)} ms (target <= ${SQL_TARGET_MS.memory} ms at 1M records once loaded; first request ${memorySql.first.toFixed(1)} ms; ${memorySql.loadLine})`)
    log(`- load average after ${loadavg()[0].toFixed(1)}`)
  } finally {
    cluster.stop()
    rmSync(csv, { force: true })
  }
  return lines
}

interface SearchBench {
  url: string
  id: string
  csv: string
  importSeconds: number
  importLine: string | undefined
  log: (line: string) => void
  count: number
  /** Load average at the start, as text. */
  load: string
}

/** datastore_search Q1-Q7 and a sort on both servers, their start times and memory. */
async function searchFigures({ url, id, csv, importSeconds, importLine, log, count, load }: SearchBench): Promise<void> {
  const pg = await startTimed(['--database', url])
  const memory = await startTimed(['--resource', `${id}=${csv}`])
  const queries = [
    ...queriesForGeneratedData().map((query) => ({ id: query.id, description: query.description, params: query.params })),
    { id: 'S1', description: `limit 100, sort ${NUMBER_FIELD} desc`, params: { limit: 100, sort: `${NUMBER_FIELD} desc`, include_total: false } },
  ]
  log(`## ${count.toLocaleString('en')} records (load average ${load} at the start)`)
  log(`- PostgreSQL import: ${importLine} (whole start with import ${importSeconds.toFixed(1)} s)`)
  log(`- start to "listening on" (tsx start-up included): PostgreSQL, table already loaded ${pg.seconds.toFixed(2)} s; in memory, reading the CSV ${memory.seconds.toFixed(2)} s`)
  log('')
  log('| query | in memory, median ms | PostgreSQL, median ms |')
  log('|---|---|---|')
  for (const query of queries) {
    const figures: string[] = []
    for (const server of [memory.server, pg.server]) {
      const params = { resource_id: id, ...query.params }
      for (let i = 0; i < WARMUPS; i++) await timed(server, params)
      const times: number[] = []
      for (let i = 0; i < RUNS; i++) times.push(await timed(server, params))
      figures.push(median(times).toFixed(1))
    }
    log(`| ${query.id} ${query.description} | ${figures[0]} | ${figures[1]} |`)
  }
  log('')
  log(`- server RSS while serving: in memory ${rssMb(memory.server).toFixed(0)} MB, PostgreSQL store ${rssMb(pg.server).toFixed(0)} MB (the database server's own memory not included)`)
  log(`- load average at the end ${loadavg()[0].toFixed(1)} (${cpus().length} cores)`)
  await stopServer(memory.server)
  await stopServer(pg.server)
}

const sizes = process.argv.slice(2).map(Number).filter((size) => size > 0)
const report: string[] = [`# PostgreSQL store bench (Node ${process.version}, ${WARMUPS} warm-up + ${RUNS} timed runs per query, over HTTP)`, '']
for (const size of sizes.length > 0 ? sizes : [1_000_000]) report.push(...(await benchSize(size)), '')
process.stdout.write(`${report.join('\n')}\n`)
