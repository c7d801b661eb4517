// `npm run bench`: for each size, measures the engine and the naive baseline, each in a child process
// of its own (clean memory figures), checks that they agree, prints the tables to stdout and writes
// .bench-cache/results.json (results-quick.json for --quick). Progress goes to stderr.
// Exits 1 when an engine answer differs from the naive one or the data lacks what a query assumes.
import { mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseBenchArgs, USAGE, type BenchOptions } from './args.ts'
import { compareSize } from './compare.ts'
import { runJsonChild } from './json-child.ts'
import { formatLoads, measureLoads, type LoadResult } from './load-figures.ts'
import { formatProblems, formatSize } from './report.ts'
import { formatServerLatency, measureServerLatency, type ServerLatencyResult } from './server-latency.ts'
import type { SummaryBenchResult } from './summary-bench.ts'
import { formatSummaries, summaryProblems } from './summary-report.ts'
import { measureSummariesInChild } from './summary-run.ts'
import type { Contender, ContenderResult } from './types.ts'

const CACHE_DIR = fileURLToPath(new URL('../../.bench-cache/', import.meta.url))
const CHILD_ENTRY = fileURLToPath(new URL('./child.ts', import.meta.url))

const progress = (line: string): void => {
  process.stderr.write(`${line}\n`)
}

function measureInChild(contender: Contender, size: number, options: BenchOptions): Promise<ContenderResult> {
  const args = [contender, String(size), String(options.warmups), String(options.runs)]
  return runJsonChild(CHILD_ENTRY, args, `${CACHE_DIR}${contender}-${size}.json`, `Measuring ${contender} at ${size} records`)
}

async function main(): Promise<number> {
  const options = parseBenchArgs(process.argv.slice(2))
  if (options.help) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  mkdirSync(CACHE_DIR, { recursive: true })
  const started = performance.now()
  const loadAtStart = loadavg()[0]
  const measured: Array<{ engine: ContenderResult; naive: ContenderResult }> = []
  const summaries: SummaryBenchResult[] = []
  const loads = new Map<number, LoadResult>()
  const serving = new Map<number, ServerLatencyResult>()
  for (const size of options.sizes.toSorted((a, b) => a - b)) {
    const load = await measureLoads(size, CACHE_DIR, progress)
    loads.set(size, load)
    serving.set(size, await measureServerLatency(load.csvPath, size, progress))
    const engine = await measureInChild('engine', size, options)
    const naive = await measureInChild('naive', size, options)
    measured.push({ engine, naive })
    const { problems } = compareSize(engine, naive)
    for (const problem of problems) progress(`PROBLEM: ${problem}`)
    summaries.push(await measureSummariesInChild(size, options, CACHE_DIR))
  }
  summaries.sort((a, b) => b.size - a.size)
  const comparisons = measured.toSorted((a, b) => b.engine.size - a.engine.size).map(({ engine, naive }) => ({ comparison: compareSize(engine, naive), engine, naive }))
  const problems = [...comparisons.flatMap(({ comparison }) => comparison.problems), ...summaries.flatMap(summaryProblems)]

  const title = options.quick ? '# Bench (QUICK development run: fewer runs, not for reporting)' : '# Bench'
  const machine = `Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${new Date().toISOString()}; ` +
    `${options.warmups} warm-up + ${options.runs} timed runs per query; engine and naive each in a child process of their own. ` +
    `Load average (1 min) ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end: above about 1 on this ${cpus().length}-core machine, other work competed and the figures are slower and noisier.`
  const sections = comparisons.flatMap(({ comparison, engine, naive }) => {
    const summary = summaries.find((candidate) => candidate.size === engine.size)
    const load = loads.get(engine.size)
    const served = serving.get(engine.size)
    return [formatSize(comparison, engine, naive), ...(load ? [formatLoads(load)] : []), ...(served ? [formatServerLatency(served)] : []), ...(summary ? [formatSummaries(summary)] : [])]
  })
  process.stdout.write([title, '', machine, '', ...sections.flatMap((section) => [section, '']), formatProblems(problems), ''].join('\n'))

  // A quick development run never overwrites the figures of a full run.
  const resultsPath = `${CACHE_DIR}${options.quick ? 'results-quick' : 'results'}.json`
  const loadAverage = { start: loadAtStart, end: loadavg()[0] }
  writeFileSync(resultsPath, JSON.stringify({ date: new Date().toISOString(), node: process.version, cpus: cpus().length, loadAverage, options, sizes: comparisons, loads: [...loads.values()], serving: [...serving.values()], summaries, problems }, null, 2))
  progress(`Results written to ${resultsPath} (${Math.round((performance.now() - started) / 1000)} s in all)`)
  return problems.length === 0 ? 0 : 1
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    progress(error instanceof Error ? error.message : String(error))
    process.exitCode = 1
  },
)
