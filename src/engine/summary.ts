// Column summaries over the records matching a query (q, full_text, filters), exact.
//
// The matching records come from the query's own plan (execute.ts `matchingRecords`: posting lists,
// the text sweep, or every record). Each field is then one pass over those record numbers adding 1
// to the count of the record's dictionary code (column-index.ts); everything else is read off the
// per-code counts, one entry per distinct value: empties, distinct count, the top values (ties in
// the `sort` order of sort-ranks.ts), min/max/mean from each code's number, histograms. No cell text
// is read again. `_id` is summarised only when asked for, straight from the record numbers.

import { cellDecoder, isNumericType } from './cell-text.ts'
import type { ColumnIndex } from './column-index.ts'
import { compareCodePoints } from './collation.ts'
import { executableQuery } from './datastore-search.ts'
import { matchingRecords } from './execute.ts'
import { compareStoredTexts, ranksOf } from './sort-ranks.ts'
import { checkSummaryFields, shapeSummaryRequest, SummaryRequestError, type ShapedSummaryRequest } from './summary-request.ts'
import { dateHistogram, numberHistogram } from './summary-histogram.ts'
import type { FieldSummary, SummaryRequest, TableSummary, ValueCount } from './summary-types.ts'
import { asStoredTable, TableBuilder, type StoredTable, type Table, type TableOptions } from './table.ts'
import type { FieldInfo, FieldType, RecordObject } from './types.ts'

export type SummaryOptions = Omit<SummaryRequest, 'resource_id'>

/**
 * Summarises the records of `table` that match the request's q, full_text and filters (the rules
 * of `datastore_search`). Throws `SummaryRequestError` (errors keyed like a 409) for a bad request.
 */
export function summarizeTable(table: Table, request: SummaryOptions = {}, options: { resourceId?: string } = {}): TableSummary {
  const stored = asStoredTable(table)
  const { params, errors } = shapeSummaryRequest(request as Record<string, unknown>, false)
  for (const [key, messages] of Object.entries(checkSummaryFields(params, stored))) (errors[key] ??= []).push(...messages)
  if (Object.keys(errors).length > 0) throw new SummaryRequestError(errors)
  return computeSummary(stored, params, options.resourceId ?? '')
}

/**
 * Summarises records on hand (e.g. a loaded page): builds a small table of them and summarises it
 * with `summarizeTable`, so every rule is the engine's. `_id` is the records' position there.
 */
export function summarizeRecords(
  fields: readonly FieldInfo[],
  records: readonly RecordObject[],
  request: SummaryOptions = {},
  options: { resourceId?: string; table?: TableOptions } = {},
): TableSummary {
  const builder = new TableBuilder(
    fields.filter((field) => field.id !== '_id'),
    options.table,
  )
  for (const record of records) builder.append(record)
  return summarizeTable(builder.build(), request, { resourceId: options.resourceId })
}

/** The summary of a validated request (field names already checked against the table). */
export function computeSummary(table: StoredTable, params: ShapedSummaryRequest, resourceId: string): TableSummary {
  const query = executableQuery(params.search, table)
  const records = matchingRecords(table, query)
  const total = records === null ? table.size : records.length
  const names = params.search.fields ?? table.fields.map((field) => field.id)
  const fields = names.map((name) => {
    const position = table.positionOf(name)
    if (position === undefined) return idSummary(records, table.size, params)
    return fieldSummary(table.fields[position] as FieldInfo, table.columnIndex(position), records, table.size, params)
  })
  return { resource_id: resourceId, total, fields }
}

/** How many matching records hold each code (code 0 = null). */
function codeCounts(index: ColumnIndex, records: Int32Array | null, size: number): Int32Array {
  const { codes } = index
  const counts = new Int32Array(index.values.length)
  if (records === null) {
    for (let record = 0; record < size; record++) counts[codes[record] as number]++
  } else {
    for (let i = 0; i < records.length; i++) counts[codes[records[i] as number] as number]++
  }
  return counts
}

const numbersByIndex = new WeakMap<ColumnIndex, Float64Array>()

/** The number of each code of a numeric column, cached with the column's index. */
function codeNumbers(index: ColumnIndex): Float64Array {
  let numbers = numbersByIndex.get(index)
  if (!numbers) {
    numbers = new Float64Array(index.values.length)
    for (let code = 1; code < index.values.length; code++) numbers[code] = Number(index.values[code])
    numbersByIndex.set(index, numbers)
  }
  return numbers
}

function fieldSummary(field: FieldInfo, index: ColumnIndex, records: Int32Array | null, size: number, params: ShapedSummaryRequest): FieldSummary {
  const counts = codeCounts(index, records, size)
  const { type } = field
  const emptyCode = index.codeOf.get(type === 'json' ? '""' : '') ?? 0
  let count = 0
  let distinct = 0
  for (let code = 0; code < counts.length; code++) {
    const n = counts[code] as number
    count += n
    if (code !== 0 && code !== emptyCode && n > 0) distinct++
  }
  const empty = (counts[0] as number) + (emptyCode === 0 ? 0 : (counts[emptyCode] as number))
  // the codes holding a value, with their counts zeroed for null and ""
  const valued = counts.slice()
  valued[0] = 0
  valued[emptyCode] = 0
  const decode = cellDecoder(type)
  const top: ValueCount[] = topCodes(valued, distinct, params.top, index, type).map((code) => ({
    value: decode(index.values[code] as string),
    text: index.values[code] as string,
    count: counts[code] as number,
  }))
  const summary: FieldSummary = { field: field.id, type, count, empty, distinct, top }
  if (distinct === 0) return summary
  if (isNumericType(type)) addNumberStats(summary, valued, codeNumbers(index), params.bins, type)
  else if (type === 'date' || type === 'timestamp') addDateStats(summary, valued, index.values, type === 'timestamp')
  return summary
}

function addNumberStats(summary: FieldSummary, counts: Int32Array, numbers: Float64Array, bins: number, type: FieldType): void {
  let min = Infinity
  let max = -Infinity
  let sum = 0
  let n = 0
  for (let code = 1; code < counts.length; code++) {
    const count = counts[code] as number
    if (count === 0) continue
    const value = numbers[code] as number
    if (value < min) min = value
    if (value > max) max = value
    sum += value * count
    n += count
  }
  summary.min = min
  summary.max = max
  summary.mean = sum / n
  const integer = type === 'int' || type === 'int4' || type === 'int8'
  summary.histogram = numberHistogram(min, max, bins, integer, (visit) => {
    for (let code = 1; code < counts.length; code++) if ((counts[code] as number) > 0) visit(numbers[code] as number, counts[code] as number)
  })
}

function addDateStats(summary: FieldSummary, counts: Int32Array, values: readonly string[], timestamp: boolean): void {
  let min: string | undefined
  let max: string | undefined
  for (let code = 1; code < counts.length; code++) {
    if (counts[code] === 0) continue
    const text = values[code] as string
    if (min === undefined || compareCodePoints(text, min) < 0) min = text
    if (max === undefined || compareCodePoints(text, max) > 0) max = text
  }
  summary.min = min ?? null
  summary.max = max ?? null
  const histogram = dateHistogram(timestamp, (visit) => {
    for (let code = 1; code < counts.length; code++) if ((counts[code] as number) > 0) visit(values[code] as string, counts[code] as number)
  })
  if (histogram) summary.histogram = histogram
}

/** Tied values compared with the collator beyond this many are ordered by the column's ranks instead. */
const COMPARE_DIRECTLY = 2048

/**
 * The `k` codes with the highest counts (zero counts are never chosen), by count descending, ties in
 * the field's sort order. Only codes tied at the k-th count need ordering among many: they are
 * compared directly when few (or cheap to compare), else through the column's cached sort ranks.
 */
function topCodes(counts: Int32Array, distinct: number, k: number, index: ColumnIndex, type: FieldType): number[] {
  if (k === 0 || distinct === 0) return []
  const compareTexts = compareStoredTexts(type)
  const { values } = index
  const inOrder = (a: number, b: number): number =>
    (counts[b] as number) - (counts[a] as number) || (index.ranks ? (index.ranks[a] as number) - (index.ranks[b] as number) : compareTexts(values[a] as string, values[b] as string))
  if (distinct <= k) {
    const codes: number[] = []
    for (let code = 1; code < counts.length; code++) if ((counts[code] as number) > 0) codes.push(code)
    return codes.sort(inOrder)
  }
  const threshold = kthLargest(counts, distinct, k)
  const chosen: number[] = []
  const tied: number[] = []
  for (let code = 1; code < counts.length; code++) {
    const count = counts[code] as number
    if (count > threshold) chosen.push(code)
    else if (count === threshold) tied.push(code)
  }
  const wanted = k - chosen.length
  if (tied.length <= wanted) chosen.push(...tied)
  else if (index.ranks === undefined && tied.length > COMPARE_DIRECTLY && !isNumericType(type) && type !== 'date' && type !== 'timestamp') {
    chosen.push(...smallestByRank(tied, wanted, ranksOf(index, type)))
  } else {
    chosen.push(...smallestBy(tied, wanted, inOrder))
  }
  return chosen.sort(inOrder)
}

/** The k-th largest of the non-zero counts (k <= how many there are), by selection on a copy. */
function kthLargest(counts: Int32Array, distinct: number, k: number): number {
  const values = new Int32Array(distinct)
  let n = 0
  for (let code = 1; code < counts.length; code++) if ((counts[code] as number) > 0) values[n++] = counts[code] as number
  // quickselect for position k - 1 in descending order
  let low = 0
  let high = n - 1
  const target = k - 1
  while (low < high) {
    const pivot = values[(low + high) >> 1] as number
    let i = low
    let j = high
    while (i <= j) {
      while ((values[i] as number) > pivot) i++
      while ((values[j] as number) < pivot) j--
      if (i <= j) {
        const swap = values[i] as number
        values[i] = values[j] as number
        values[j] = swap
        i++
        j--
      }
    }
    if (target <= j) high = j
    else if (target >= i) low = i
    else break
  }
  return values[target] as number
}

/** The `wanted` first of `codes` in `order`, keeping a small sorted list. */
function smallestBy(codes: number[], wanted: number, order: (a: number, b: number) => number): number[] {
  const kept: number[] = []
  for (const code of codes) {
    if (kept.length === wanted && order(code, kept[wanted - 1] as number) >= 0) continue
    let at = kept.length
    while (at > 0 && order(code, kept[at - 1] as number) < 0) at--
    kept.splice(at, 0, code)
    if (kept.length > wanted) kept.pop()
  }
  return kept
}

/** The `wanted` codes of lowest rank, by one pass over the ranks. */
function smallestByRank(codes: number[], wanted: number, ranks: Int32Array): number[] {
  const byRank = new Int32Array(ranks.length).fill(-1)
  for (const code of codes) byRank[ranks[code] as number] = code
  const kept: number[] = []
  for (let rank = 0; rank < byRank.length && kept.length < wanted; rank++) if ((byRank[rank] as number) >= 0) kept.push(byRank[rank] as number)
  return kept
}

/** `_id` (asked for by name): every matching record has a distinct id, so counts are all 1. */
function idSummary(records: Int32Array | null, size: number, params: ShapedSummaryRequest): FieldSummary {
  const count = records === null ? size : records.length
  const idAt = (i: number): number => (records === null ? i : (records[i] as number)) + 1
  const top: ValueCount[] = []
  for (let i = 0; i < Math.min(params.top, count); i++) top.push({ value: idAt(i), text: String(idAt(i)), count: 1 })
  const summary: FieldSummary = { field: '_id', type: 'int', count, empty: 0, distinct: count, top }
  if (count === 0) return summary
  let sum = 0
  for (let i = 0; i < count; i++) sum += idAt(i)
  summary.min = idAt(0)
  summary.max = idAt(count - 1)
  summary.mean = sum / count
  summary.histogram = numberHistogram(idAt(0), idAt(count - 1), params.bins, true, (visit) => {
    for (let i = 0; i < count; i++) visit(idAt(i), 1)
  })
  return summary
}
