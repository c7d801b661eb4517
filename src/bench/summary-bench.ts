// The summary rows measured in one process: the engine (built through TableBuilder, asked through
// its public `datastoreSummary`) and the naive baseline over the same generated rows, with Q7 timed
// alongside because S1q's target is relative to it. Every engine summary is checked against the
// naive one (totals, counts, empties, distinct counts, top counts, min/max/mean, binned total).
import { Catalog, datastoreSearch, datastoreSummary, TableBuilder, type TableSummary } from '../engine/index.ts'
import { BENCH_FIELDS, generateBenchRecords, queriesForGeneratedData } from './dataset.ts'
import { groupRows, measureGroups, type GroupRowResult } from './group-bench.ts'
import { naiveSummary, type NaiveSummary } from './summary-naive.ts'
import { summaryRows, type SummaryBenchRow, type SummaryRowId } from './summary-queries.ts'
import { timeRepeated } from './timing.ts'
import type { RunSettings, Timing } from './types.ts'

export interface SummaryRowResult {
  id: SummaryRowId
  description: string
  matches: number
  engine: Timing
  engineFirstRunMs: number
  naive: Timing
  targetMs: number
  targetText: string
  /** Undefined when the engine's summary agrees with the naive one. */
  disagreement?: string
}

export interface SummaryBenchResult {
  size: number
  q7: Timing
  rows: SummaryRowResult[]
  /** The Group by rows (group-bench.ts), on the same table. */
  groups: GroupRowResult[]
}

const RESOURCE_ID = 'summary-bench'
/** The naive baseline takes seconds per run at 1M records: fewer runs of it. */
const NAIVE_SETTINGS: RunSettings = { warmups: 1, runs: 3 }

export async function measureSummaries(size: number, settings: RunSettings, log: (line: string) => void): Promise<SummaryBenchResult> {
  const label = `[summaries ${size.toLocaleString('en-US')}]`
  log(`${label} generating records`)
  const records = generateBenchRecords(size)
  const builder = new TableBuilder([...BENCH_FIELDS])
  for (const record of records) builder.append(record)
  const table = builder.build()
  const catalog = new Catalog()
  catalog.add({ id: RESOURCE_ID, load: () => table })
  await catalog.prepare(RESOURCE_ID)

  const queries = queriesForGeneratedData()
  const q7 = queries.find((query) => query.id === 'Q7')
  if (!q7) throw new Error('The bench has no Q7')
  const timeQ7 = async (): Promise<Timing> => {
    const { timing } = await timeRepeated(() => datastoreSearch(catalog, { resource_id: RESOURCE_ID, ...q7.params }, { tokens: [] }), settings, () => true)
    log(`${label} Q7 median ${timing.medianMs.toFixed(3)} ms`)
    return timing
  }
  let q7Timing = await timeQ7()

  const rows: SummaryRowResult[] = []
  for (const row of summaryRows(queries, BENCH_FIELDS)) {
    // a target relative to Q7 compares with Q7 timed just before, under the same load
    if ('q7PlusMs' in row.target) q7Timing = await timeQ7()
    const engineSummary = async (): Promise<TableSummary> => {
      const { status, body } = await datastoreSummary(catalog, { resource_id: RESOURCE_ID, ...row.request }, { tokens: [] })
      if (status !== 200) throw new Error(`${row.id}: the engine answered ${status}: ${JSON.stringify(body).slice(0, 300)}`)
      return (body as { result: TableSummary }).result
    }
    const engine = await timeRepeated(engineSummary, settings, (a, b) => JSON.stringify(a) === JSON.stringify(b))
    log(`${label} ${row.id} engine median ${engine.timing.medianMs.toFixed(3)} ms (first run ${engine.firstRunMs.toFixed(1)} ms)`)
    const naive = await timeRepeated(() => naiveSummary(records, BENCH_FIELDS, row.request), NAIVE_SETTINGS, () => true)
    log(`${label} ${row.id} naive median ${naive.timing.medianMs.toFixed(1)} ms`)
    const { ms, text } = targetOf(row, q7Timing.medianMs)
    rows.push({
      id: row.id,
      description: row.description,
      matches: engine.result.total,
      engine: engine.timing,
      engineFirstRunMs: engine.firstRunMs,
      naive: naive.timing,
      targetMs: ms,
      targetText: text,
      disagreement: disagreement(engine.result, naive.result),
    })
  }
  const groups = await measureGroups(catalog, RESOURCE_ID, records, groupRows(queries, BENCH_FIELDS), settings, NAIVE_SETTINGS, log)
  return { size, q7: q7Timing, rows, groups }
}

function targetOf(row: SummaryBenchRow, q7Ms: number): { ms: number; text: string } {
  if ('ms' in row.target) return { ms: row.target.ms, text: `≤ ${row.target.ms} ms` }
  const ms = q7Ms + row.target.q7PlusMs
  return { ms, text: `≤ Q7 + ${row.target.q7PlusMs} = ${ms.toFixed(1)} ms` }
}

function closeTo(a: number | undefined, b: number | undefined): boolean {
  if (a === undefined || b === undefined) return a === b
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b))
}

/** Where the engine's summary differs from the naive one, or undefined. */
export function disagreement(engine: TableSummary, naive: NaiveSummary): string | undefined {
  const problems: string[] = []
  if (engine.total !== naive.total) problems.push(`total ${engine.total} instead of ${naive.total}`)
  for (const expected of naive.fields) {
    const actual = engine.fields.find((field) => field.field === expected.field)
    if (!actual) {
      problems.push(`no summary of ${expected.field}`)
      continue
    }
    const differs = (what: string, ok: boolean): void => {
      if (!ok) problems.push(`${expected.field}: ${what}`)
    }
    differs(`count ${actual.count} instead of ${expected.count}`, actual.count === expected.count)
    differs(`empty ${actual.empty} instead of ${expected.empty}`, actual.empty === expected.empty)
    differs(`distinct ${actual.distinct} instead of ${expected.distinct}`, actual.distinct === expected.distinct)
    differs('top counts', JSON.stringify(actual.top.map((value) => value.count)) === JSON.stringify(expected.topCounts))
    differs(`min ${String(actual.min)} instead of ${String(expected.min)}`, (actual.min ?? undefined) === expected.min)
    differs(`max ${String(actual.max)} instead of ${String(expected.max)}`, (actual.max ?? undefined) === expected.max)
    differs(`mean ${String(actual.mean)} instead of ${String(expected.mean)}`, closeTo(actual.mean, expected.mean))
    if (expected.binCounts) {
      const binned = actual.histogram?.bins.reduce((sum, bin) => sum + bin.count, 0)
      const valued = expected.binCounts.reduce((sum, count) => sum + count, 0)
      differs(`${String(binned)} values in bins instead of ${valued}`, binned === valued)
    }
  }
  return problems.length === 0 ? undefined : problems.join('; ')
}
