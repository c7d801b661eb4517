// A deliberately naive column summary for tests: the matching rows come from the naive search
// oracle, then every statistic is one obvious loop over plain values. Histogram bounds are the
// engine's choice (readable thresholds), so the oracle checks them by their properties instead and
// recounts every bin itself. Used only by tests.

import type { CellValue, FieldInfo, RecordObject } from '../types.ts'
import { compareValues, NUMERIC, oracleSearch, textOf, type OracleRequest } from './oracle.ts'

export interface OracleValueCount {
  value: CellValue
  text: string
  count: number
}

export interface OracleFieldSummary {
  field: string
  count: number
  empty: number
  distinct: number
  top: OracleValueCount[]
  min?: CellValue
  max?: CellValue
  mean?: number
  /** Non-empty values, for checking histogram bins. */
  values: CellValue[]
}

/** The rows (with `_id`) that match the request's q and filters, by the naive search oracle. */
export function oracleMatches(fields: FieldInfo[], records: RecordObject[], request: Pick<OracleRequest, 'q' | 'filters'>): RecordObject[] {
  const envelope = oracleSearch(fields, records, 'r', { ...request, limit: 32000 }, { path: '/' }) as { result: { records: RecordObject[] } }
  return envelope.result.records
}

export function oracleFieldSummary(id: string, type: string, rows: RecordObject[], top: number): OracleFieldSummary {
  const all = rows.map((row) => row[id] ?? null)
  const values = all.filter((value) => value !== null && value !== '')
  const groups = new Map<string, OracleValueCount>()
  for (const value of values) {
    const text = textOf(value) as string
    const group = groups.get(text)
    if (group) group.count++
    else groups.set(text, { value, text, count: 1 })
  }
  const ordered = [...groups.values()].sort((a, b) => b.count - a.count || compareValues(type, a.value, b.value))
  const summary: OracleFieldSummary = { field: id, count: all.length, empty: all.length - values.length, distinct: groups.size, top: ordered.slice(0, top), values }
  if (values.length === 0) return summary
  if (NUMERIC.includes(type)) {
    const numbers = values as number[]
    summary.min = Math.min(...numbers)
    summary.max = Math.max(...numbers)
    summary.mean = numbers.reduce((sum, value) => sum + value, 0) / numbers.length
  } else if (type === 'date' || type === 'timestamp') {
    const texts = (values as string[]).toSorted((a, b) => compareValues(type, a, b))
    summary.min = texts[0]
    summary.max = texts.at(-1)
  }
  return summary
}
