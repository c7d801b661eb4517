// The summary rows of the bench (issue "column summaries"), built from the search queries so they
// cover the same records: S1 one dictionary-coded field (the first filter field of Q4) over the whole
// table and over Q2's q result; S2 every field over the whole table and over Q5's result; S3 the
// histogram of the first number field over the whole table.
import type { FieldInfo } from '../engine/index.ts'
import type { BenchQuery } from './queries.ts'

export type SummaryRowId = 'S1' | 'S1q' | 'S2' | 'S2q' | 'S3'

export interface SummaryBenchRequest {
  q?: string
  filters?: Record<string, string | string[]>
  fields?: string[]
}

export interface SummaryBenchRow {
  id: SummaryRowId
  description: string
  request: SummaryBenchRequest
  /** The target in ms; for S1q it is relative to Q7's time, known only when measured. */
  target: { ms: number } | { q7PlusMs: number }
}

function queryOf(queries: readonly BenchQuery[], id: string): BenchQuery {
  const query = queries.find((candidate) => candidate.id === id)
  if (!query) throw new Error(`The bench has no query ${id}`)
  return query
}

export function summaryRows(queries: readonly BenchQuery[], fields: readonly FieldInfo[]): SummaryBenchRow[] {
  const q2 = queryOf(queries, 'Q2').params
  const q5 = queryOf(queries, 'Q5').params
  const coded = Object.keys(queryOf(queries, 'Q4').params.filters ?? {})[0]
  // a fractional number field first: more distinct values, more work than a small integer count
  const number = (fields.find((field) => field.type === 'numeric' || field.type === 'float8') ?? fields.find((field) => ['int', 'int4', 'int8'].includes(field.type)))?.id
  if (coded === undefined || number === undefined) throw new Error('The bench data needs a filter field (Q4) and a number field for the summary rows')
  return [
    { id: 'S1', description: `field ${coded}, whole table`, request: { fields: [coded] }, target: { ms: 5 } },
    { id: 'S1q', description: `field ${coded}, q '${q2.q}' (Q2's result)`, request: { q: q2.q, fields: [coded] }, target: { q7PlusMs: 5 } },
    { id: 'S2', description: `all ${fields.length} fields, whole table`, request: {}, target: { ms: 150 } },
    { id: 'S2q', description: "all fields, Q5's q + filters", request: { q: q5.q, filters: q5.filters }, target: { ms: 100 } },
    { id: 'S3', description: `histogram of ${number}, whole table`, request: { fields: [number] }, target: { ms: 15 } },
  ]
}
