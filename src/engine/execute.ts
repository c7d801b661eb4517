// Runs a validated query on a table: which records match (q AND filters), their total, their order
// (sort), and the page (offset, limit). Returns record numbers (0-based; `_id` = number + 1).
//
// Plans: no condition -> a range (or a cached sort permutation); filters -> posting lists of the most
// selective field, merged in `_id` order, other fields checked through code masks; q -> the text sweep;
// q + filters -> the filter candidates checked against q when they are few, else the sweep checked
// against the filters. Without a sort the search stops as soon as the page is full, unless a total is
// wanted.

import type { ColumnCodes } from './column-index.ts'
import { touchFresh } from './fresh-memory.ts'
import { ranksSteps } from './sort-ranks.ts'
import { RECORDS_PER_STEP, runToEnd, type Steps } from './steps.ts'
import type { StoredTable } from './table.ts'
import type { FieldInfo } from './types.ts'
import { collectRecords, countRecordsSteps, fieldContains, keepContaining, sweepRecordsSteps, type RecordVisitor } from './text-search.ts'

export const ID_FIELD = -1

export interface FilterCondition {
  /** Column position, or ID_FIELD for `_id`. */
  field: number
  /** Texts a cell may equal (null filter values are dropped: null matches nothing). */
  texts: string[]
}

export interface FieldTerm {
  field: number
  /** Lowercase, non-empty. */
  needle: string
}

export interface SortKey {
  field: number
  descending: boolean
  nullsFirst: boolean
}

export interface ExecutableQuery {
  /** Lowercase, non-empty needle searched in every field. */
  needle?: string
  terms: FieldTerm[]
  filters: FilterCondition[]
  sort: SortKey[]
  offset: number
  limit: number
  includeTotal: boolean
}

export interface QueryResult {
  records: number[]
  total?: number
}

type RecordCheck = (record: number) => boolean

/** One filter field: the records it accepts as posting lists, and a mask for checking one record. */
interface FilterPart {
  lists: Int32Array[]
  size: number
  /** Code of each record (mask is indexed by code), or null when the mask is indexed by record (`_id`). */
  codes: ColumnCodes | null
  mask: Uint8Array
}

interface FilterPlan {
  /** Posting lists (ascending record numbers) of the most selective field. */
  lists: Int32Array[]
  size: number
  /** The other filter fields, checked per record. */
  others: FilterPart[]
  /** Every filter field, for records that come from elsewhere. */
  all: FilterPart[]
  /** Expected number of records passing every filter (fields taken as independent). */
  estimate: number
}

function* filterPart(table: StoredTable, condition: FilterCondition): Steps<FilterPart | null> {
  if (condition.field === ID_FIELD) {
    const records = [...new Set(condition.texts.filter((text) => /^[1-9][0-9]*$/.test(text)).map(Number))]
      .filter((id) => id <= table.size)
      .map((id) => id - 1)
      .toSorted((a, b) => a - b)
    if (records.length === 0) return null
    const mask = new Uint8Array(table.size)
    for (const record of records) mask[record] = 1
    return { lists: [Int32Array.from(records)], size: records.length, codes: null, mask }
  }
  const index = yield* table.columnIndexSteps(condition.field)
  const mask = new Uint8Array(index.valueCount)
  const lists: Int32Array[] = []
  let size = 0
  for (const text of new Set(condition.texts)) {
    const code = index.codeFor(text)
    if (code === undefined) continue
    mask[code] = 1
    const list = index.postings.subarray(index.postingStarts[code], index.postingStarts[code + 1])
    lists.push(list)
    size += list.length
  }
  return size === 0 ? null : { lists, size, codes: index.codes, mask }
}

function* planFilters(table: StoredTable, filters: FilterCondition[]): Steps<FilterPlan | null> {
  const parts: FilterPart[] = []
  for (const condition of filters) {
    const part = yield* filterPart(table, condition)
    if (part === null) return null
    parts.push(part)
  }
  const driving = parts.reduce((best, part) => (part.size < best.size ? part : best))
  const others = parts.filter((part) => part !== driving)
  const estimate = others.reduce((expected, part) => (expected * part.size) / Math.max(1, table.size), driving.size)
  return { lists: driving.lists, size: driving.size, others, all: parts, estimate }
}

function passesFilters(parts: FilterPart[], record: number): boolean {
  for (let i = 0; i < parts.length; i++) {
    const { codes, mask } = parts[i] as FilterPart
    if (mask[codes === null ? record : (codes[record] as number)] !== 1) return false
  }
  return true
}

/** Visits the union of ascending lists in ascending order (k-way merge). */
function* mergeLists(lists: Int32Array[], visit: RecordVisitor): Steps<void> {
  if (lists.length === 1) {
    const list = lists[0] as Int32Array
    for (let i = 0; i < list.length; i++) {
      if (!visit(list[i] as number)) return
      if ((i & (RECORDS_PER_STEP - 1)) === RECORDS_PER_STEP - 1) yield
    }
    return
  }
  let visited = 0
  const positions = new Int32Array(lists.length)
  for (;;) {
    let best = -1
    let bestRecord = Infinity
    for (let l = 0; l < lists.length; l++) {
      const list = lists[l] as Int32Array
      const position = positions[l] as number
      if (position < list.length && (list[position] as number) < bestRecord) {
        bestRecord = list[position] as number
        best = l
      }
    }
    if (best === -1) return
    positions[best]++
    if (!visit(bestRecord)) return
    if ((++visited & 0x3fff) === 0) yield
  }
}

/** Filter candidates checked against q per call: few enough that a page's early stop wastes little. */
const CANDIDATE_BATCH = 256
/** Record numbers per window when merging posting lists (a bitmap of this many bits). */
const MERGE_WINDOW = 4096

/**
 * Visits the union of ascending lists that passes the other filter fields and contains the needle, in
 * ascending order, a window at a time. The needle is checked in batches (one WebAssembly call per
 * chunk and batch instead of one per record). Loops, not callbacks, per candidate: this runs warm
 * only a few times, so its cost is mostly code V8 has not optimized yet.
 */
function* visitCandidates(table: StoredTable, lists: Int32Array[], others: FilterPart[], needle: string | undefined, visit: RecordVisitor): Steps<void> {
  if (needle === undefined) {
    // filters alone: a page stops after its last record, so nothing is gathered ahead
    yield* mergeLists(lists, (record) => !passesFilters(others, record) || visit(record))
    return
  }
  const union = new UnionCursor(lists, others)
  const window = new Int32Array(MERGE_WINDOW)
  for (;;) {
    const count = union.next(window)
    if (count === 0) return
    for (let begin = 0; begin < count; begin += CANDIDATE_BATCH) {
      const batch = window.subarray(begin, Math.min(count, begin + CANDIDATE_BATCH))
      const kept = keepContaining(table, batch, batch.length, needle)
      for (let i = 0; i < kept; i++) if (!visit(batch[i] as number)) return
    }
    yield
  }
}

/**
 * Walks the records of the union of ascending disjoint lists that pass the other filter fields, in
 * ascending order, a window of record numbers at a time.
 */
class UnionCursor {
  private readonly lists: Int32Array[]
  private readonly others: FilterPart[]
  private readonly positions: Int32Array
  /** One bit per record number of the window (merging several lists). */
  private readonly bits = new Uint32Array(MERGE_WINDOW / 32)

  constructor(lists: Int32Array[], others: FilterPart[]) {
    this.lists = lists
    this.others = others
    this.positions = new Int32Array(lists.length)
  }

  /** Writes the next passing records (at most MERGE_WINDOW) to `out`, ascending; returns how many (0 at the end). */
  next(out: Int32Array): number {
    const { lists, positions, bits, others } = this
    // the usual case, one other field coded by value, checked inline
    const only = others.length === 1 && (others[0] as FilterPart).codes !== null ? (others[0] as FilterPart) : undefined
    const onlyCodes = only?.codes
    const onlyMask = only?.mask
    for (;;) {
      let windowStart = Infinity
      for (let l = 0; l < lists.length; l++) {
        const list = lists[l] as Int32Array
        const position = positions[l] as number
        if (position < list.length) windowStart = Math.min(windowStart, list[position] as number)
      }
      if (windowStart === Infinity) return 0
      const windowEnd = windowStart + MERGE_WINDOW
      let any = false
      for (let l = 0; l < lists.length; l++) {
        const list = lists[l] as Int32Array
        let position = positions[l] as number
        for (; position < list.length; position++) {
          const record = list[position] as number
          if (record >= windowEnd) break
          if (onlyCodes && onlyMask ? onlyMask[onlyCodes[record] as number] !== 1 : !passesFilters(others, record)) continue
          const offset = record - windowStart
          bits[offset >> 5] |= 1 << (offset & 31)
          any = true
        }
        positions[l] = position
      }
      if (!any) continue
      let count = 0
      for (let word = 0; word < bits.length; word++) {
        let set = bits[word] as number
        if (set === 0) continue
        bits[word] = 0
        while (set !== 0) {
          out[count++] = windowStart + word * 32 + (31 - Math.clz32(set & -set))
          set &= set - 1
        }
      }
      return count
    }
  }
}

function passesAll(checks: RecordCheck[], record: number): boolean {
  for (let i = 0; i < checks.length; i++) if (!(checks[i] as RecordCheck)(record)) return false
  return true
}

/** Streams the matching records in `_id` order to `visit`. */
function* streamMatches(table: StoredTable, query: ExecutableQuery, plan: FilterPlan | undefined, visit: RecordVisitor): Steps<void> {
  const termChecks: RecordCheck[] = query.terms.map((term) => (record) => fieldContains(table, record, term.field, term.needle))
  const needle = query.needle
  const sweepNeedle = needle ?? longestSearchableTerm(query.terms)

  // Checking a candidate's text costs a random access (~1 µs at 1M records); a sweep reads everything
  // (~100 ms at 1M): candidates win while they are under about a tenth of the table.
  if (plan && (sweepNeedle === undefined || plan.estimate * 10 < table.size)) {
    yield* visitCandidates(table, plan.lists, plan.others, needle, (record) => !passesAll(termChecks, record) || visit(record))
    return
  }
  const parts = plan?.all ?? []
  if (sweepNeedle !== undefined) {
    yield* sweepRecordsSteps(table, sweepNeedle, (record) => !passesFilters(parts, record) || !passesAll(termChecks, record) || visit(record))
    return
  }
  for (let record = 0; record < table.size; record++) {
    if (passesFilters(parts, record) && passesAll(termChecks, record) && !visit(record)) return
    if ((record & (RECORDS_PER_STEP - 1)) === RECORDS_PER_STEP - 1) yield
  }
}

function longestSearchableTerm(terms: FieldTerm[]): string | undefined {
  let longest: string | undefined
  for (const term of terms) {
    if (term.field !== ID_FIELD && (longest === undefined || term.needle.length > longest.length)) longest = term.needle
  }
  return longest
}

function isDefaultOrder(sort: SortKey[]): boolean {
  return sort.length === 0 || (sort.length === 1 && sort[0]?.field === ID_FIELD && !sort[0].descending)
}

const permutations = new WeakMap<StoredTable, Map<string, Int32Array>>()
const MAX_CACHED_ORDERS = 6

/** All records in the order of one sort key (ties by `_id`), cached per table: read only. */
function* sortedAll(table: StoredTable, key: SortKey): Steps<Int32Array> {
  let cache = permutations.get(table)
  if (!cache) {
    cache = new Map()
    permutations.set(table, cache)
  }
  const name = `${key.field}:${key.descending}:${key.nullsFirst}`
  let order = cache.get(name)
  if (!order) {
    order = yield* sortRecords(table, yield* allRecords(table.size), [key])
    if (cache.has(name)) return cache.get(name) as Int32Array
    // 4 bytes per record each: keep the few most recent orders
    if (cache.size >= MAX_CACHED_ORDERS) cache.delete(cache.keys().next().value as string)
    cache.set(name, order)
  }
  return order
}

/**
 * Orders records (given in ascending `_id` order) by the sort keys: one stable counting sort per key,
 * from the last key to the first, so ties keep the order of the later keys and finally `_id`.
 */
function* sortRecords(table: StoredTable, records: Int32Array, keys: SortKey[]): Steps<Int32Array> {
  const idKey = keys.findIndex((key) => key.field === ID_FIELD)
  const effective = idKey === -1 ? keys : keys.slice(0, idKey)
  let order = idKey !== -1 && keys[idKey]?.descending ? records.slice().reverse() : records
  for (let k = effective.length - 1; k >= 0; k--) order = yield* countingSort(table, order, effective[k] as SortKey)
  return order
}

/**
 * Records between two yields of the counting sort: each reads a code, a rank and a bucket and writes a
 * bucket at random places in arrays of megabytes (cache misses), several times the cost of a
 * sequential loop's iteration.
 */
const SCATTER_PER_STEP = 1 << 14

function* countingSort(table: StoredTable, records: Int32Array, key: SortKey): Steps<Int32Array> {
  const index = yield* table.columnIndexSteps(key.field)
  const ranks = yield* ranksSteps(index, (table.fields[key.field] as FieldInfo).type)
  const codes = index.codes
  const valueCount = index.valueCount - 1
  // bucket 0 and valueCount + 1 are for nulls (first or last); values fill 1..valueCount
  const nullBucket = key.nullsFirst ? 0 : valueCount + 1
  const bucketOf = (record: number): number => {
    const code = codes[record] as number
    if (code === 0) return nullBucket
    const rank = ranks[code] as number
    return key.descending ? valueCount - rank : rank + 1
  }
  // both written at random places: mapped in order first, a step at a time (fresh-memory.ts)
  const starts = new Int32Array(valueCount + 3)
  yield* touchFresh(starts)
  for (let i = 0; i < records.length; i++) {
    starts[bucketOf(records[i] as number) + 1]++
    if ((i & (SCATTER_PER_STEP - 1)) === SCATTER_PER_STEP - 1) yield
  }
  for (let b = 1; b < starts.length; b++) starts[b] += starts[b - 1] as number
  const sorted = new Int32Array(records.length)
  yield* touchFresh(sorted)
  for (let i = 0; i < records.length; i++) {
    const record = records[i] as number
    sorted[(starts[bucketOf(record)] as number)++] = record
    if ((i & (SCATTER_PER_STEP - 1)) === SCATTER_PER_STEP - 1) yield
  }
  return sorted
}

export function executeQuery(table: StoredTable, query: ExecutableQuery): QueryResult {
  return runToEnd(executeQuerySteps(table, query))
}

/** The same in steps: yields every chunk or few thousand records, so a host can pause or stop it. */
export function* executeQuerySteps(table: StoredTable, query: ExecutableQuery): Steps<QueryResult> {
  const hasCondition = query.needle !== undefined || query.terms.length > 0 || query.filters.length > 0
  const pageEnd = query.offset + query.limit
  const plan = query.filters.length > 0 ? yield* planFilters(table, query.filters) : undefined
  if (plan === null) return { records: [], total: query.includeTotal ? 0 : undefined }

  if (!hasCondition) {
    const total = query.includeTotal ? table.size : undefined
    if (isDefaultOrder(query.sort)) return { records: yield* pageOfRange(query.offset, Math.min(pageEnd, table.size)), total }
    const order = yield* matchesInOrder(table, query, plan)
    return { records: yield* pageOf(order, query.offset, pageEnd), total }
  }

  if (!isDefaultOrder(query.sort)) {
    const ordered = yield* matchesInOrder(table, query, plan)
    return { records: yield* pageOf(ordered, query.offset, pageEnd), total: query.includeTotal ? ordered.length : undefined }
  }

  if (plan && query.needle === undefined && query.terms.length === 0 && query.includeTotal) {
    const records = yield* firstMatches(table, query, plan, pageEnd)
    return { records: records.slice(query.offset), total: yield* countFiltered(plan) }
  }

  if (query.limit === 0 && !query.includeTotal) return { records: [] }
  if (query.limit === 0 && plan === undefined && query.terms.length === 0 && query.needle !== undefined) {
    return { records: [], total: yield* countRecordsSteps(table, query.needle) }
  }
  const records: number[] = []
  let total = 0
  yield* streamMatches(table, query, plan, (record) => {
    if (total >= query.offset && total < pageEnd) records.push(record)
    total++
    return query.includeTotal || total < pageEnd
  })
  return { records, total: query.includeTotal ? total : undefined }
}

function* firstMatches(table: StoredTable, query: ExecutableQuery, plan: FilterPlan, count: number): Steps<number[]> {
  const records: number[] = []
  if (count === 0) return records
  yield* streamMatches(table, query, plan, (record) => {
    records.push(record)
    return records.length < count
  })
  return records
}

/** The number of records passing every filter; order does not matter here. */
function* countFiltered(plan: FilterPlan): Steps<number> {
  if (plan.others.length === 0) return plan.size
  let count = 0
  for (const list of plan.lists) {
    yield
    if (plan.others.length === 1) {
      const { codes, mask } = plan.others[0] as FilterPart
      if (codes !== null) {
        for (let i = 0; i < list.length; i++) count += mask[codes[list[i] as number] as number] as number
        continue
      }
    }
    for (let i = 0; i < list.length; i++) if (passesFilters(plan.others, list[i] as number)) count++
  }
  return count
}

/**
 * Every record matching the query's conditions (q, filters) in the query's order (sort, else `_id`),
 * without page or total: what `distinct` reads. Typed and filled in steps; may be a cached order, so
 * read only.
 */
export function* orderedMatchesSteps(table: StoredTable, query: ExecutableQuery): Steps<Int32Array> {
  const plan = query.filters.length > 0 ? yield* planFilters(table, query.filters) : undefined
  if (plan === null) return new Int32Array(0)
  return yield* matchesInOrder(table, query, plan)
}

function* matchesInOrder(table: StoredTable, query: ExecutableQuery, plan: FilterPlan | undefined): Steps<Int32Array> {
  if (query.needle === undefined && query.terms.length === 0 && plan === undefined) {
    if (isDefaultOrder(query.sort)) return yield* allRecords(table.size)
    return query.sort.length === 1 ? yield* sortedAll(table, query.sort[0]!) : yield* sortRecords(table, yield* allRecords(table.size), query.sort)
  }
  const matches = new RecordList(table.size)
  yield* streamMatches(table, query, plan, (record) => {
    matches.push(record)
    return true
  })
  const found = matches.records()
  return isDefaultOrder(query.sort) ? found : yield* sortRecords(table, found, query.sort)
}

/** Record numbers collected one by one into a typed array that doubles as it fills (no array of a million numbers). */
export class RecordList {
  private list = new Int32Array(4096)
  private count = 0

  constructor(private readonly most: number) {}

  push(record: number): void {
    if (this.count === this.list.length) {
      const grown = new Int32Array(Math.max(this.list.length, Math.min(this.most, this.list.length * 2)))
      grown.set(this.list)
      this.list = grown
    }
    this.list[this.count++] = record
  }

  get length(): number {
    return this.count
  }

  records(): Int32Array {
    return this.list.subarray(0, this.count)
  }
}

/** The records [from, to) of an order as the page's numbers, a few thousand per step. */
export function* pageOf(order: Int32Array, from: number, to: number): Steps<number[]> {
  const end = Math.min(order.length, to)
  const page: number[] = []
  for (let i = from; i < end; i++) {
    page.push(order[i] as number)
    if ((i & (RECORDS_PER_STEP - 1)) === RECORDS_PER_STEP - 1) yield
  }
  return page
}

/** The record numbers [from, to), a few thousand per step. */
function* pageOfRange(from: number, to: number): Steps<number[]> {
  const page: number[] = []
  for (let record = from; record < to; record++) {
    page.push(record)
    if ((record & (RECORDS_PER_STEP - 1)) === RECORDS_PER_STEP - 1) yield
  }
  return page
}

function* allRecords(size: number): Steps<Int32Array> {
  const records = new Int32Array(size)
  for (let record = 0; record < size; record++) {
    records[record] = record
    if ((record & (RECORDS_PER_STEP - 1)) === RECORDS_PER_STEP - 1) yield
  }
  return records
}


/**
 * Every record matching q AND filters, ascending (the whole result of the query's plan, without
 * sort or page); null when the query has no condition, meaning every record. For summaries.
 */
export function matchingRecords(table: StoredTable, query: ExecutableQuery): Int32Array | null {
  if (query.needle === undefined && query.terms.length === 0 && query.filters.length === 0) return null
  if (query.terms.length === 0 && query.filters.length === 0) return collectRecords(table, query.needle as string)
  const plan = query.filters.length > 0 ? runToEnd(planFilters(table, query.filters)) : undefined
  if (plan === null) return new Int32Array(0)
  let records = new Int32Array(Math.min(table.size, 4096))
  let count = 0
  runToEnd(streamMatches(table, query, plan, (record) => {
    if (count === records.length) {
      const grown = new Int32Array(Math.min(table.size, records.length * 2))
      grown.set(records)
      records = grown
    }
    records[count++] = record
    return true
  }))
  return records.subarray(0, count)
}
