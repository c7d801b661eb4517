// Column summaries over the records matching a query (q, full_text, filters), exact.
//
// The matching records come from the query's own plan (execute.ts `matchingRecords`: posting lists,
// the text sweep, or every record). Each field is then one pass over those record numbers adding 1
// to the count of the record's dictionary code (column-index.ts); everything else is read off the
// per-code counts, one entry per distinct value: empties, distinct count, the top values (ties in
// the `sort` order of sort-ranks.ts), min/max/mean from each code's number, histograms. No cell text
// is read again. `_id` is summarised only when asked for, straight from the record numbers.

import { cellDecoder, isNumericType } from './cell-text.ts'
import { countedTextsSteps, uniqueColumnTopSteps } from './column-counts.ts'
import type { ColumnIndex, ValueRanges } from './column-index.ts'
import { compareCodePoints } from './collation.ts'
import { executableQuery } from './datastore-search.ts'
import { matchingRecords } from './execute.ts'
import { collationSegmentKeyIn, compareStoredTexts } from './sort-ranks.ts'
import { checkSummaryFields, shapeSummaryRequest, SummaryRequestError, type ShapedSummaryRequest } from './summary-request.ts'
import { dateHistogram, dayNumber, numberHistogram } from './summary-histogram.ts'
import { weightedNumberStats } from './summary-weighted.ts'
import type { FieldSummary, SummaryRequest, TableSummary, ValueCount } from './summary-types.ts'
import { asStoredTable, TableBuilder, type StoredTable, type Table, type TableOptions } from './table.ts'
import type { FieldInfo, FieldType, RecordObject } from './types.ts'
import { runToEnd, type Steps } from './steps.ts'

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
  const steps = summarySteps(table, params, resourceId)
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value
}

/**
 * The same, a field at a time: yields after the match set and after each field (a first summary of a
 * column may build its index, a second or more at a million records), so a caller can let other work
 * run in between or stop; returns the summary.
 */
export function* summarySteps(table: StoredTable, params: ShapedSummaryRequest, resourceId: string): Generator<void, TableSummary> {
  const query = executableQuery(params.search, table)
  const records = matchingRecords(table, query)
  yield
  const total = records === null ? table.size : records.length
  const names = params.search.fields ?? table.fields.map((field) => field.id)
  const fields: FieldSummary[] = []
  for (const name of names) {
    const position = table.positionOf(name)
    if (position === undefined) fields.push(idSummary(records, table.size, params))
    else {
      // the whole table before the column's index is built: counted the cheaper way where there is one
      const field = table.fields[position] as FieldInfo
      // (an index build that idle work took past half way is finished instead: the rest costs less)
      const counted = records === null && !table.hasColumnIndex(position) && table.columnIndexProgress(position) < 0.5
      const whole = counted ? yield* wholeColumnSummarySteps(table, position, field, params) : undefined
      if (whole !== undefined) fields.push(whole)
      else {
        // a column's first index is built a chunk per step, so a caller's other work is never held up long
        const index = yield* table.columnIndexSteps(position)
        fields.push(fieldSummary(field, index, records, table.size, params))
      }
    }
    yield
  }
  return { resource_id: resourceId, total, fields }
}

/**
 * The codes holding a value among the matching records, each with its count (`length` of them, in
 * code order), and the number of empty cells (null, or "" / json `""`).
 */
interface CodeCounts {
  codes: Int32Array
  counts: Int32Array
  length: number
  empty: number
  /** The highest count. */
  maxCount: number
}

/** Few matches among many distinct values are counted by sorting their codes instead of a code-sized array. */
const SPARSE_RATIO = 8

function countCodes(index: ColumnIndex, records: Int32Array | null, emptyCode: number): CodeCounts {
  const { codes } = index
  const { valueCount } = index
  if (records !== null && records.length * SPARSE_RATIO < valueCount) {
    const matched = new Int32Array(records.length)
    for (let i = 0; i < records.length; i++) matched[i] = codes[records[i] as number] as number
    matched.sort()
    const result: CodeCounts = { codes: new Int32Array(records.length), counts: new Int32Array(records.length), length: 0, empty: 0, maxCount: 0 }
    for (let i = 0; i < matched.length; ) {
      const code = matched[i] as number
      let end = i + 1
      while (end < matched.length && matched[end] === code) end++
      if (code === 0 || code === emptyCode) result.empty += end - i
      else {
        result.codes[result.length] = code
        result.counts[result.length++] = end - i
        if (end - i > result.maxCount) result.maxCount = end - i
      }
      i = end
    }
    return result
  }
  if (records === null) {
    // the whole table: each code's posting list is as long as its count (its starts' differences,
    // read in place: no array of a count per code to fill first)
    return countedFrom(valueCount, emptyCode, index.postingStarts, true)
  }
  const perCode = new Int32Array(valueCount)
  for (let i = 0; i < records.length; i++) perCode[codes[records[i] as number] as number]++
  return countedFrom(valueCount, emptyCode, perCode, false)
}

/**
 * The non-empty codes with a count and the empty cells' count, in code order: each code's count is
 * `counts[code]`, or with `differences` `counts[code + 1] - counts[code]` (posting starts). Read in
 * loops of their own, not through a function per code (a million calls a pass for a column of
 * distinct texts).
 */
function countedFrom(valueCount: number, emptyCode: number, counts: Int32Array, differences: boolean): CodeCounts {
  const countOf = (code: number): number => (differences ? (counts[code + 1] as number) - (counts[code] as number) : (counts[code] as number))
  const empty = countOf(0) + (emptyCode === 0 ? 0 : countOf(emptyCode))
  let length = 0
  if (differences) for (let code = 1; code < valueCount; code++) length += (counts[code + 1] as number) !== (counts[code] as number) ? 1 : 0
  else for (let code = 1; code < valueCount; code++) length += (counts[code] as number) !== 0 ? 1 : 0
  if (emptyCode !== 0 && countOf(emptyCode) !== 0) length--
  const result: CodeCounts = { codes: new Int32Array(length), counts: new Int32Array(length), length, empty, maxCount: 0 }
  let at = 0
  let maxCount = 0
  for (let code = 1; code < valueCount; code++) {
    const count = differences ? (counts[code + 1] as number) - (counts[code] as number) : (counts[code] as number)
    if (count === 0 || code === emptyCode) continue
    result.codes[at] = code
    result.counts[at++] = count
    if (count > maxCount) maxCount = count
  }
  result.maxCount = maxCount
  return result
}

const numbersByIndex = new WeakMap<CodedValues, Float64Array>()
const daysByIndex = new WeakMap<CodedValues, Float64Array>()

/** A number per code of a column (its value, or its day number), cached with the column's index. */
function cachedPerCode(cache: WeakMap<CodedValues, Float64Array>, index: CodedValues, convert: (text: string) => number): Float64Array {
  let numbers = cache.get(index)
  if (!numbers) {
    numbers = new Float64Array(index.valueCount)
    for (let code = 1; code < index.valueCount; code++) numbers[code] = convert(index.valueAt(code))
    cache.set(index, numbers)
  }
  return numbers
}

/** The number of each code of a numeric column (NaN for null), cached with the column's index. */
export function numbersOf(index: ColumnIndex): Float64Array {
  return cachedPerCode(numbersByIndex, index, Number)
}

/** The day number (`dayNumber`) of each code of a date or timestamp column, cached with the index. */
export function daysOf(index: ColumnIndex): Float64Array {
  return cachedPerCode(daysByIndex, index, dayNumber)
}

function fieldSummary(field: FieldInfo, index: ColumnIndex, records: Int32Array | null, size: number, params: ShapedSummaryRequest): FieldSummary {
  const { type } = field
  const emptyCode = index.codeFor(type === 'json' ? '""' : '') ?? 0
  const counted = countCodes(index, records, emptyCode)
  const count = records === null ? size : records.length
  const numbers = isNumericType(type) ? cachedPerCode(numbersByIndex, index, Number) : undefined
  return countedSummary(field, index, counted, count, numbers, params)
}

/**
 * The summary of a whole column whose index is not built, where it has a cheaper way than the index
 * (column-counts.ts: a unique text column, or a text column counted by fingerprints); else undefined.
 * The figures are the index's own: the same counts per value (the top's ties are broken by the values'
 * order, not by their codes).
 */
function* wholeColumnSummarySteps(table: StoredTable, position: number, field: FieldInfo, params: ShapedSummaryRequest): Steps<FieldSummary | undefined> {
  const unique = yield* uniqueColumnTopSteps(table, position, params.top)
  if (unique !== undefined) {
    const top = unique.first.map((text): ValueCount => ({ value: text, text, count: 1 }))
    return { field: field.id, type: field.type, count: table.size, empty: unique.empty, distinct: unique.distinct, top }
  }
  const texts = yield* countedTextsSteps(table, position)
  if (texts === undefined) return undefined
  const length = texts.valueCount - 1
  const codes = new Int32Array(length)
  for (let i = 0; i < length; i++) codes[i] = i + 1
  const counted: CodeCounts = { codes, counts: texts.counts.subarray(1), length, empty: texts.empty, maxCount: texts.maxCount }
  return countedSummary(field, texts, counted, table.size, undefined, params)
}

/** What a summary reads of a column's values: each code's text, and the codes' sort ranks if a sort built them. */
interface CodedValues {
  readonly valueCount: number
  valueAt(code: number): string
  readonly ranks?: Int32Array
  readonly ranges?: ValueRanges
}

/** A field's summary from the counts of its codes (`numbers`: each code's number, for a numeric field). */
function countedSummary(field: FieldInfo, index: CodedValues, counted: CodeCounts, count: number, numbers: Float64Array | undefined, params: ShapedSummaryRequest): FieldSummary {
  const { type } = field
  const decode = cellDecoder(type)
  const top: ValueCount[] = topEntries(counted, params.top, index, type, numbers).map((entry) => ({
    value: decode(index.valueAt(counted.codes[entry] as number)),
    text: index.valueAt(counted.codes[entry] as number),
    count: counted.counts[entry] as number,
  }))
  const summary: FieldSummary = { field: field.id, type, count, empty: counted.empty, distinct: counted.length, top }
  if (counted.length === 0) return summary
  if (numbers) addNumberStats(summary, counted, numbers, params.bins, type)
  else if (type === 'date' || type === 'timestamp') addDateStats(summary, counted, index, type === 'timestamp')
  return summary
}

/**
 * Builds what a first summary of a column would (its index a chunk per step, then the numbers, days
 * or collation keys per distinct value), so a host can do it in idle time; answers are unchanged.
 */
export function* summaryPreparationSteps(table: StoredTable, position: number): Generator<void, void, undefined> {
  const index = yield* table.columnIndexSteps(position)
  const { type } = table.fields[position] as FieldInfo
  if (isNumericType(type)) cachedPerCode(numbersByIndex, index, Number)
  else if (type === 'date' || type === 'timestamp') cachedPerCode(daysByIndex, index, dayNumber)
  else if ((type === 'text' || type === 'json') && index.valueCount > MANY_TIES) yield* primaryKeySteps(index)
}

/** The values of the counted codes, through a per-code table. */
function gather(counted: CodeCounts, perCodeValues: Float64Array): Float64Array {
  const values = new Float64Array(counted.length)
  for (let i = 0; i < counted.length; i++) values[i] = perCodeValues[counted.codes[i] as number] as number
  return values
}

function addNumberStats(summary: FieldSummary, counted: CodeCounts, numbers: Float64Array, bins: number, type: FieldType): void {
  const { min, max, mean, histogram } = weightedNumberStats(gather(counted, numbers), counted.counts, counted.length, bins, type)
  summary.min = min
  summary.max = max
  summary.mean = mean
  summary.histogram = histogram
}

function addDateStats(summary: FieldSummary, counted: CodeCounts, index: CodedValues, timestamp: boolean): void {
  let min: string | undefined
  let max: string | undefined
  for (let i = 0; i < counted.length; i++) {
    const text = index.valueAt(counted.codes[i] as number)
    if (min === undefined || compareCodePoints(text, min) < 0) min = text
    if (max === undefined || compareCodePoints(text, max) > 0) max = text
  }
  summary.min = min ?? null
  summary.max = max ?? null
  const days = gather(counted, cachedPerCode(daysByIndex, index, dayNumber))
  const histogram = dateHistogram(timestamp, { values: days, weights: counted.counts, length: counted.length })
  if (histogram) summary.histogram = histogram
}

/**
 * The entries (positions in `counted`) of the `k` highest counts, by count descending, ties in the
 * field's sort order (the column's ranks when a sort built them, else the same order compared
 * directly: numbers, code points, or collation decided by primary weights where it can be). Never
 * builds ranks: for a column of a million distinct texts that is a sort of a million texts.
 */
function topEntries(counted: CodeCounts, k: number, index: CodedValues, type: FieldType, numbers: Float64Array | undefined): number[] {
  const { codes, counts, length } = counted
  if (k === 0 || length === 0) return []
  const compareTexts = compareStoredTexts(type)
  // texts read one code at a time: a column coded after loading makes no text until asked (all of
  // them at once are hundreds of thousands of strings for a column of long distinct texts)
  const valueOrder = (a: number, b: number): number => {
    const codeA = codes[a] as number
    const codeB = codes[b] as number
    if (numbers) return (numbers[codeA] as number) - (numbers[codeB] as number)
    if (index.ranks) return (index.ranks[codeA] as number) - (index.ranks[codeB] as number)
    return compareTexts(index.valueAt(codeA), index.valueAt(codeB))
  }
  const inOrder = (a: number, b: number): number => (counts[b] as number) - (counts[a] as number) || valueOrder(a, b)
  if (length <= k) return Array.from({ length }, (_, entry) => entry).sort(inOrder)

  // every value once (a column of unique values): all tie, nothing is above the cut
  const unique = counted.maxCount === 1
  const threshold = unique ? 1 : kthLargest(counts, length, k)
  const chosen: number[] = []
  if (!unique) for (let entry = 0; entry < length; entry++) if ((counts[entry] as number) > threshold) chosen.push(entry)
  const wanted = k - chosen.length
  // few of them are wanted: keep a small sorted list, compared once per tied entry at most; among
  // many tied texts, a number per code (the primary weights after the column's common prefix)
  // settles most comparisons without reading the texts (made only then: a few tied at the cut are
  // compared directly)
  let ties = 0
  if (numbers === undefined && !index.ranks && (type === 'text' || type === 'json')) for (let entry = 0; entry < length && ties <= MANY_TIES; entry++) if (counts[entry] === threshold) ties++
  const keys = ties > MANY_TIES ? primaryKeys(index) : undefined
  const kept: number[] = []
  for (let entry = 0; entry < length; entry++) {
    if (counts[entry] !== threshold) continue
    if (kept.length === wanted) {
      const last = kept[wanted - 1] as number
      if (keys) {
        const key = keys[codes[entry] as number] as number
        const lastKey = keys[codes[last] as number] as number
        if (key >= 0 && lastKey >= 0 && key > lastKey) continue
      }
      if (valueOrder(entry, last) >= 0) continue
    }
    let at = kept.length
    while (at > 0 && valueOrder(entry, kept[at - 1] as number) < 0) at--
    kept.splice(at, 0, entry)
    if (kept.length > wanted) kept.pop()
  }
  chosen.push(...kept)
  return chosen.sort(inOrder)
}

/** Ties beyond this many are first compared by the column's primary keys. */
const MANY_TIES = 4096
const primaryKeysByIndex = new WeakMap<CodedValues, Float64Array>()

/**
 * Per code, the collation key (primary weights, `collationSegmentKey`) of the 7 characters after the
 * prefix every value of the column shares, or -1: where two keys differ (both >= 0) they order the
 * texts as the collator does, the prefix being the same text in both. Cached with the index.
 */
function primaryKeys(index: CodedValues): Float64Array {
  return runToEnd(primaryKeySteps(index))
}

/** Codes keyed per step of `primaryKeySteps`: a million distinct texts take a few hundred ms in all. */
const KEYS_PER_STEP = 32_768

/** `primaryKeys`, yielding every KEYS_PER_STEP codes (idle preparation must not hold the worker). */
function* primaryKeySteps(index: CodedValues): Steps<Float64Array> {
  const cached = primaryKeysByIndex.get(index)
  if (cached) return cached
  // read where the values lie when the index knows (a column coded after loading), else each value
  // sliced out in turn (garbage that dies young), never all kept; no array made per value (a million
  // of them were most of the cost)
  const { valueCount, ranges } = index
  const keys = new Float64Array(valueCount)
  if (valueCount <= 1) return rememberKeys(index, keys)
  if (ranges === undefined) {
    const first = index.valueAt(1)
    let shared = first.length
    for (let code = 2; code < valueCount && shared > 0; code++) {
      const text = index.valueAt(code)
      shared = sharedLength(first, 0, text, 0, Math.min(shared, text.length))
    }
    for (let code = 1; code < valueCount; code++) {
      const text = index.valueAt(code)
      keys[code] = collationSegmentKeyIn(text, 0, text.length, shared)
      if (code % KEYS_PER_STEP === 0) yield
    }
    return rememberKeys(index, keys)
  }
  const { parents, spans } = ranges
  const first = parents[spans[3] as number] as string
  const firstStart = spans[4] as number
  let shared = (spans[5] as number) - firstStart
  for (let code = 2; code < valueCount && shared > 0; code++) {
    const start = spans[code * 3 + 1] as number
    shared = sharedLength(first, firstStart, parents[spans[code * 3] as number] as string, start, Math.min(shared, (spans[code * 3 + 2] as number) - start))
  }
  for (let code = 1; code < valueCount; code++) {
    keys[code] = collationSegmentKeyIn(parents[spans[code * 3] as number] as string, spans[code * 3 + 1] as number, spans[code * 3 + 2] as number, shared)
    if (code % KEYS_PER_STEP === 0) yield
  }
  return rememberKeys(index, keys)
}

/** How many of the first `limit` characters of two texts (at `startA`, `startB`) are the same. */
function sharedLength(a: string, startA: number, b: string, startB: number, limit: number): number {
  let i = 0
  while (i < limit && b.charCodeAt(startB + i) === a.charCodeAt(startA + i)) i++
  return i
}

/** Caches a column's primary keys, unless another caller made them meanwhile: one array is kept. */
function rememberKeys(index: CodedValues, keys: Float64Array): Float64Array {
  const made = primaryKeysByIndex.get(index)
  if (made) return made
  primaryKeysByIndex.set(index, keys)
  return keys
}

/** The k-th largest of `length` counts (k <= length): a min-heap of the k largest seen. */
function kthLargest(counts: Int32Array, length: number, k: number): number {
  const heap = new Int32Array(k)
  let size = 0
  for (let i = 0; i < length; i++) {
    const count = counts[i] as number
    if (size < k) {
      let at = size++
      while (at > 0) {
        const parent = (at - 1) >> 1
        if ((heap[parent] as number) <= count) break
        heap[at] = heap[parent] as number
        at = parent
      }
      heap[at] = count
    } else if (count > (heap[0] as number)) {
      let at = 0
      for (;;) {
        const left = 2 * at + 1
        if (left >= k) break
        const right = left + 1
        const child = right < k && (heap[right] as number) < (heap[left] as number) ? right : left
        if ((heap[child] as number) >= count) break
        heap[at] = heap[child] as number
        at = child
      }
      heap[at] = count
    }
  }
  return heap[0] as number
}

/** `_id` (asked for by name): every matching record has a distinct id, so counts are all 1. */
function idSummary(records: Int32Array | null, size: number, params: ShapedSummaryRequest): FieldSummary {
  const count = records === null ? size : records.length
  const ids = new Float64Array(count)
  for (let i = 0; i < count; i++) ids[i] = (records === null ? i : (records[i] as number)) + 1
  const top: ValueCount[] = []
  for (let i = 0; i < Math.min(params.top, count); i++) top.push({ value: ids[i] as number, text: String(ids[i]), count: 1 })
  const summary: FieldSummary = { field: '_id', type: 'int', count, empty: 0, distinct: count, top }
  if (count === 0) return summary
  let sum = 0
  for (let i = 0; i < count; i++) sum += ids[i] as number
  summary.min = ids[0] as number
  summary.max = ids[count - 1] as number
  summary.mean = sum / count
  summary.histogram = numberHistogram(summary.min, summary.max, params.bins, true, { values: ids, length: count })
  return summary
}
