import { describe, expect, it } from 'vitest'
import { summarizeRecords } from '../engine/index.ts'
import { BENCH_FIELDS, generateBenchRecords, queriesForGeneratedData } from './dataset.ts'
import { disagreement } from './summary-bench.ts'
import { naiveSummary } from './summary-naive.ts'
import { summaryRows } from './summary-queries.ts'

// The summary rows are only honest if the engine summary they time agrees with the naive one they
// compare with: same data and requests as `npm run bench`, at a size a unit test can afford.
const RECORDS = 3_000

describe(`bench summary rows at ${RECORDS} records`, () => {
  const records = generateBenchRecords(RECORDS)
  const rows = summaryRows(queriesForGeneratedData(), BENCH_FIELDS)

  it.each(rows.map((row) => [row.id, row.description, row] as const))('%s (%s): engine agrees with naive', (_id, _description, row) => {
    const engine = summarizeRecords(BENCH_FIELDS, records, row.request)
    const naive = naiveSummary(records, BENCH_FIELDS, row.request)
    expect(naive.total).toBeGreaterThan(0)
    expect(disagreement(engine, naive)).toBeUndefined()
  })

  it('reports a summary that differs', () => {
    const row = rows[0]!
    const engine = summarizeRecords(BENCH_FIELDS, records, row.request)
    const naive = naiveSummary(records.slice(1), BENCH_FIELDS, row.request)
    expect(disagreement(engine, naive)).toMatch(/^total 3000 instead of 2999; /)
  })
})
