// The naive baseline for column summaries: the rows as objects, filtered like the naive search
// (naive.ts's rules), then per field a Map of text -> count, a sort for the top values, one loop for
// min/max/mean and equal-width bins. Obvious code, also the bench's check on the engine's counts.
import type { CellValue, FieldInfo, RecordObject } from '../engine/index.ts'
import type { SummaryBenchRequest } from './summary-queries.ts'

export interface NaiveFieldSummary {
  field: string
  count: number
  empty: number
  distinct: number
  /** Counts of the top values, descending (tie order is the engine's business). */
  topCounts: number[]
  min?: number | string
  max?: number | string
  mean?: number
  binCounts?: number[]
}

export interface NaiveSummary {
  total: number
  fields: NaiveFieldSummary[]
}

const NUMERIC = new Set(['int', 'int4', 'int8', 'numeric', 'float8'])
const TOP = 10
const BINS = 20

function textOf(value: CellValue | undefined): string | null {
  if (value === null || value === undefined) return null
  return typeof value === 'object' ? JSON.stringify(value) : String(value)
}

function matches(row: RecordObject, fields: readonly FieldInfo[], request: SummaryBenchRequest): boolean {
  for (const [field, wanted] of Object.entries(request.filters ?? {})) {
    if (!(Array.isArray(wanted) ? wanted : [wanted]).includes(textOf(row[field]) ?? '\u0000')) return false
  }
  if (request.q === undefined || request.q === '') return true
  const needle = request.q.toLowerCase()
  return fields.some((field) => textOf(row[field.id])?.toLowerCase().includes(needle) === true)
}

export function naiveSummary(rows: readonly RecordObject[], fields: readonly FieldInfo[], request: SummaryBenchRequest): NaiveSummary {
  const matching = rows.filter((row) => matches(row, fields, request))
  const wanted = request.fields === undefined ? fields : fields.filter((field) => request.fields?.includes(field.id))
  return { total: matching.length, fields: wanted.map((field) => fieldSummary(matching, field)) }
}

function fieldSummary(rows: readonly RecordObject[], field: FieldInfo): NaiveFieldSummary {
  const counts = new Map<string, number>()
  let empty = 0
  for (const row of rows) {
    const text = textOf(row[field.id])
    if (text === null || text === '') empty++
    else counts.set(text, (counts.get(text) ?? 0) + 1)
  }
  const topCounts = [...counts.values()].sort((a, b) => b - a).slice(0, TOP)
  const summary: NaiveFieldSummary = { field: field.id, count: rows.length, empty, distinct: counts.size, topCounts }
  if (counts.size === 0) return summary
  if (NUMERIC.has(field.type)) {
    let min = Infinity
    let max = -Infinity
    let sum = 0
    let n = 0
    for (const row of rows) {
      const value = row[field.id]
      if (typeof value !== 'number') continue
      if (value < min) min = value
      if (value > max) max = value
      sum += value
      n++
    }
    const binCounts = Array.from({ length: BINS }, () => 0)
    const width = (max - min) / BINS || 1
    for (const row of rows) {
      const value = row[field.id]
      if (typeof value === 'number') binCounts[Math.min(BINS - 1, Math.floor((value - min) / width))]++
    }
    Object.assign(summary, { min, max, mean: sum / n, binCounts })
  } else if (field.type === 'date' || field.type === 'timestamp') {
    const texts = [...counts.keys()].sort()
    Object.assign(summary, { min: texts[0], max: texts.at(-1) })
  }
  return summary
}
