// A deliberately naive column summary for tests: the matching rows come from the naive search
// oracle, then every statistic is one obvious loop over plain values. Histogram bounds are the
// engine's choice (readable thresholds), so the oracle checks them by their properties instead and
// recounts every bin itself. Used only by tests.

import type { CellValue, FieldInfo, RecordObject } from '../types.ts'
import { oracleSearch, type OracleRequest } from './oracle.ts'

const collator = new Intl.Collator('en', { usage: 'sort', sensitivity: 'variant', numeric: false })
const NUMERIC = ['int', 'int4', 'int8', 'numeric', 'float8']

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

export function textOf(value: CellValue | undefined): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

function compare(type: string, a: CellValue, b: CellValue): number {
  if (NUMERIC.includes(type)) return (a as number) - (b as number)
  if (type === 'bool') return Number(a) - Number(b)
  const textA = textOf(a) as string
  const textB = textOf(b) as string
  if (type === 'text' || type === 'json') {
    const collated = collator.compare(textA, textB)
    if (collated !== 0) return collated
  }
  return textA < textB ? -1 : textA > textB ? 1 : 0
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
  const ordered = [...groups.values()].sort((a, b) => b.count - a.count || compare(type, a.value, b.value))
  const summary: OracleFieldSummary = { field: id, count: all.length, empty: all.length - values.length, distinct: groups.size, top: ordered.slice(0, top), values }
  if (values.length === 0) return summary
  if (NUMERIC.includes(type)) {
    const numbers = values as number[]
    summary.min = Math.min(...numbers)
    summary.max = Math.max(...numbers)
    summary.mean = numbers.reduce((sum, value) => sum + value, 0) / numbers.length
  } else if (type === 'date' || type === 'timestamp') {
    const texts = (values as string[]).toSorted((a, b) => compare(type, a, b))
    summary.min = texts[0]
    summary.max = texts.at(-1)
  }
  return summary
}
