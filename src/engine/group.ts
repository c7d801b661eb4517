// Grouping over the records matching a query (q, full_text, filters), exact: one or two keys (a date
// or timestamp cut by year, month or day), a measure (count, or sum/mean/min/max of a numeric field),
// the top groups by measure or key plus one `other` row, and the number of groups.
//
// Each key maps a record to a slot through its column's dictionary codes (column-index.ts): a plain
// key's slot is the code, a date unit's slot is its bin, made once per distinct value. One pass over
// the matching records adds to each slot's count (and the measure's sum, numbers, min, max read from
// a number per code). No cell text is read; the whole table counted by one plain key reads only the
// lengths of the posting lists. Sums run in record order, so equal inputs give equal doubles.

import { cellDecoder } from './cell-text.ts'
import type { ColumnCodes, ColumnIndex } from './column-index.ts'
import { executableQuery } from './datastore-search.ts'
import { matchingRecords } from './execute.ts'
import { checkGroupFields, GroupRequestError, shapeGroupRequest, type ShapedGroupRequest } from './group-request.ts'
import type { DateUnit, GroupRequest, GroupResult, GroupRow } from './group-types.ts'
import { compareStoredTexts } from './sort-ranks.ts'
import { daysOf, numbersOf } from './summary.ts'
import { asStoredTable, TableBuilder, type StoredTable, type Table, type TableOptions } from './table.ts'
import type { CellValue, FieldInfo, RecordObject } from './types.ts'

export type GroupOptions = Omit<GroupRequest, 'resource_id'>

/** Groups the records of `table` matching the request's q/full_text/filters. Throws `GroupRequestError`. */
export function groupTable(table: Table, request: GroupOptions, options: { resourceId?: string } = {}): GroupResult {
  const stored = asStoredTable(table)
  const params = validGroupRequest(stored, request as unknown as Record<string, unknown>)
  const steps = groupSteps(stored, params, options.resourceId ?? '')
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value
}

/** Groups records on hand (e.g. loaded pages) by building a small table of them: every rule is the engine's. */
export function groupRecords(fields: readonly FieldInfo[], records: readonly RecordObject[], request: GroupOptions, options: { table?: TableOptions } = {}): GroupResult {
  const builder = new TableBuilder(
    fields.filter((field) => field.id !== '_id'),
    options.table,
  )
  for (const record of records) builder.append(record)
  return groupTable(builder.build(), request)
}

/** The shaped request, checked against the table; throws `GroupRequestError`. */
export function validGroupRequest(table: StoredTable, input: Record<string, unknown>): ShapedGroupRequest {
  const { params, errors } = shapeGroupRequest(input, false)
  for (const [key, messages] of Object.entries(checkGroupFields(params, table.fields))) (errors[key] ??= []).push(...messages)
  if (Object.keys(errors).length > 0) throw new GroupRequestError(errors)
  return params
}

/** A key's slots: the slot of each code (0 = null) and each slot's key value. */
interface KeySlots {
  slotOfCode: Int32Array | undefined
  values: CellValue[]
  compare: (a: number, b: number) => number
}

const binsByIndex = new Map<DateUnit, WeakMap<ColumnIndex, { slotOfCode: Int32Array; values: CellValue[] }>>()

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0')
}

/** `2012`, `2012-01` or `2012-01-14` of a day number (days since 1970-01-01). */
export function binText(day: number, unit: DateUnit): string {
  const date = new Date(day * 86_400_000)
  const year = pad(date.getUTCFullYear(), 4)
  if (unit === 'year') return year
  const month = `${year}-${pad(date.getUTCMonth() + 1, 2)}`
  return unit === 'month' ? month : `${month}-${pad(date.getUTCDate(), 2)}`
}

function dateBins(index: ColumnIndex, unit: DateUnit): { slotOfCode: Int32Array; values: CellValue[] } {
  let cache = binsByIndex.get(unit)
  if (!cache) binsByIndex.set(unit, (cache = new WeakMap()))
  const cached = cache.get(index)
  if (cached) return cached
  const days = daysOf(index)
  const slotOfCode = new Int32Array(index.values.length)
  const slotOfText = new Map<string, number>()
  const values: CellValue[] = [null]
  for (let code = 1; code < index.values.length; code++) {
    const day = days[code] as number
    if (Number.isNaN(day)) continue
    const text = binText(day, unit)
    let slot = slotOfText.get(text)
    if (slot === undefined) {
      slot = values.length
      values.push(text)
      slotOfText.set(text, slot)
    }
    slotOfCode[code] = slot
  }
  const bins = { slotOfCode, values }
  cache.set(index, bins)
  return bins
}

/** Nulls last; otherwise the field's sort order (the order `sort` gives). */
function nullsLast(values: readonly CellValue[], compare: (a: number, b: number) => number) {
  return (a: number, b: number): number => {
    if (a === b) return 0
    const nullA = values[a] === null
    const nullB = values[b] === null
    if (nullA || nullB) return nullA === nullB ? 0 : nullA ? 1 : -1
    return compare(a, b)
  }
}

function keySlots(field: FieldInfo, index: ColumnIndex, unit: DateUnit | undefined): KeySlots {
  if (unit !== undefined) {
    const { slotOfCode, values } = dateBins(index, unit)
    return { slotOfCode, values, compare: nullsLast(values, (a, b) => ((values[a] as string) < (values[b] as string) ? -1 : 1)) }
  }
  const decode = cellDecoder(field.type)
  const texts = index.values
  const values: CellValue[] = new Array<CellValue>(texts.length)
  values[0] = null
  for (let code = 1; code < texts.length; code++) values[code] = decode(texts[code] as string)
  const compareTexts = compareStoredTexts(field.type)
  const ranks = index.ranks
  const compare = ranks ? (a: number, b: number) => (ranks[a] as number) - (ranks[b] as number) : (a: number, b: number) => compareTexts(texts[a] as string, texts[b] as string)
  return { slotOfCode: undefined, values, compare: nullsLast(values, compare) }
}

/** Slots beyond this many (two keys multiplied) are numbered through a Map instead of an array. */
const DENSE_SLOTS = 1 << 22

/**
 * The grouping of a validated request, in steps: yields after the match set and after each chunk of
 * a column index built on first use, so a caller can let other work run or stop; returns the result.
 */
export function* groupSteps(table: StoredTable, params: ShapedGroupRequest, resourceId: string): Generator<void, GroupResult> {
  const query = executableQuery(params.search, table)
  const records = matchingRecords(table, query)
  yield
  const total = records === null ? table.size : records.length
  const keys: KeyColumn[] = []
  for (const key of params.keys) {
    const position = table.positionOf(key.field) as number
    const index = yield* table.columnIndexSteps(position)
    keys.push({ index, codes: index.codes, slots: keySlots(table.fields[position] as FieldInfo, index, key.unit) })
  }
  let numbers: Float64Array | undefined
  let measureCodes: ColumnCodes | undefined
  if (params.measure !== 'count' && params.measureField !== undefined) {
    const index = yield* table.columnIndexSteps(table.positionOf(params.measureField) as number)
    numbers = numbersOf(index)
    measureCodes = index.codes
  }
  let sample: GroupResult['sample']
  if (params.sample) {
    const x = yield* table.columnIndexSteps(table.positionOf(params.sample.x) as number)
    const y = yield* table.columnIndexSteps(table.positionOf(params.sample.y) as number)
    sample = samplePoints(x, y, records, total, params.sample.size)
  }
  const groups = accumulate(keys, records, table.size, params.measure, numbers, measureCodes)
  return { resource_id: resourceId, total, ...ranked(groups, keys, params), ...(sample ? { sample } : {}) }
}

interface KeyColumn {
  index: ColumnIndex
  codes: ColumnCodes
  slots: KeySlots
}

/** Per group: its slot in each key, records, and the measure's inputs. */
interface Groups {
  slots: Int32Array[]
  count: Float64Array
  /** Non-null measure values, their sum, min and max (when measured). */
  n?: Float64Array
  sum?: Float64Array
  min?: Float64Array
  max?: Float64Array
  length: number
}

function accumulate(
  keys: readonly KeyColumn[],
  records: Int32Array | null,
  size: number,
  measure: string,
  numbers: Float64Array | undefined,
  measureCodes: ColumnCodes | undefined,
): Groups {
  const [first, second] = keys as [KeyColumn, KeyColumn | undefined]
  const width = second ? second.slots.values.length : 1
  const space = first.slots.values.length * width
  const dense = space <= DENSE_SLOTS
  const map = dense ? undefined : new Map<number, number>()
  const slotOf1 = first.slots.slotOfCode
  const slotOf2 = second?.slots.slotOfCode
  const codes1 = first.codes
  const codes2 = second?.codes
  const count: Float64Array<ArrayBuffer> = new Float64Array(dense ? space : 1024)
  const measured = numbers !== undefined && measureCodes !== undefined
  let n = measured ? new Float64Array(count.length) : undefined
  let sum = measured && (measure === 'sum' || measure === 'mean') ? new Float64Array(count.length) : undefined
  let min = measured && measure === 'min' ? new Float64Array(count.length).fill(Infinity) : undefined
  let max = measured && measure === 'max' ? new Float64Array(count.length).fill(-Infinity) : undefined
  const combined: number[] = []
  let countArray = count

  // the whole table counted by one plain key: each code's posting list is its count
  if (records === null && !second && !slotOf1 && !measured && dense) {
    const starts = first.index.postingStarts
    const perCode = new Float64Array(space)
    for (let code = 0; code < space; code++) perCode[code] = (starts[code + 1] as number) - (starts[code] as number)
    return groupsOf(keys, { count: perCode, space, width })
  }
  const total = records === null ? size : records.length
  for (let i = 0; i < total; i++) {
    const record = records === null ? i : (records[i] as number)
    let s1 = codes1[record] as number
    if (slotOf1) s1 = slotOf1[s1] as number
    let slot = s1
    if (codes2) {
      let s2 = codes2[record] as number
      if (slotOf2) s2 = slotOf2[s2] as number
      slot = s1 * width + s2
    }
    if (map) {
      let at = map.get(slot)
      if (at === undefined) {
        at = combined.length
        combined.push(slot)
        map.set(slot, at)
        if (at >= countArray.length) {
          countArray = grow(countArray, 0)
          if (n) n = grow(n, 0)
          if (sum) sum = grow(sum, 0)
          if (min) min = grow(min, Infinity)
          if (max) max = grow(max, -Infinity)
        }
      }
      slot = at
    }
    countArray[slot]++
    if (measured) {
      const code = measureCodes[record] as number
      if (code === 0) continue
      const value = numbers[code] as number
      ;(n as Float64Array)[slot]++
      if (sum) sum[slot] += value
      if (min && value < (min[slot] as number)) min[slot] = value
      if (max && value > (max[slot] as number)) max[slot] = value
    }
  }
  if (map) return groupsOf(keys, { count: countArray, n, sum, min, max, space, width, combined })
  return groupsOf(keys, { count: countArray, n, sum, min, max, space, width })
}

function grow(array: Float64Array, fill: number): Float64Array<ArrayBuffer> {
  const bigger = new Float64Array(array.length * 2).fill(fill)
  bigger.set(array)
  return bigger
}

function groupsOf(
  keys: readonly { slots: KeySlots }[],
  data: { count: Float64Array; n?: Float64Array; sum?: Float64Array; min?: Float64Array; max?: Float64Array; space: number; width: number; combined?: number[] },
): Groups {
  const { count, width, combined } = data
  const present: number[] = []
  const limit = combined ? combined.length : data.space
  for (let at = 0; at < limit; at++) if ((count[at] as number) > 0) present.push(at)
  const slots = keys.map(() => new Int32Array(present.length))
  const pick = (array: Float64Array | undefined) => (array ? Float64Array.from(present, (at) => array[at] as number) : undefined)
  present.forEach((at, i) => {
    const slot = combined ? (combined[at] as number) : at
    ;(slots[0] as Int32Array)[i] = keys.length > 1 ? Math.floor(slot / width) : slot
    if (keys.length > 1) (slots[1] as Int32Array)[i] = slot % width
  })
  return { slots, count: pick(count) as Float64Array, n: pick(data.n), sum: pick(data.sum), min: pick(data.min), max: pick(data.max), length: present.length }
}

function measureOf(groups: Groups, measure: string, i: number): number | null {
  if (measure === 'count') return groups.count[i] as number
  if (!groups.n || (groups.n[i] as number) === 0) return null
  if (measure === 'sum') return groups.sum?.[i] as number
  if (measure === 'mean') return (groups.sum?.[i] as number) / (groups.n[i] as number)
  if (measure === 'min') return groups.min?.[i] as number
  return groups.max?.[i] as number
}

function ranked(groups: Groups, keys: readonly { slots: KeySlots }[], params: ShapedGroupRequest): Pick<GroupResult, 'groups' | 'rows' | 'other'> {
  const { length } = groups
  const values = new Float64Array(length)
  for (let i = 0; i < length; i++) values[i] = measureOf(groups, params.measure, i) ?? Number.NaN
  const byKey = (a: number, b: number): number => {
    for (let k = 0; k < keys.length; k++) {
      const slots = groups.slots[k] as Int32Array
      const order = (keys[k] as { slots: KeySlots }).slots.compare(slots[a] as number, slots[b] as number)
      if (order !== 0) return order
    }
    return 0
  }
  const byMeasure = (a: number, b: number): number => {
    const va = values[a] as number
    const vb = values[b] as number
    if (Number.isNaN(va) || Number.isNaN(vb)) return Number.isNaN(va) === Number.isNaN(vb) ? byKey(a, b) : Number.isNaN(va) ? 1 : -1
    return vb - va || byKey(a, b)
  }
  const compare = params.order === 'key' ? byKey : byMeasure
  const cut = params.top > 0 && length > params.top
  let order: number[]
  if (cut && params.order === 'measure' && length > 4 * params.top) {
    // only groups at or above the top-th largest measure can be kept: sort those
    const sorted = values.filter((value) => !Number.isNaN(value)).sort()
    const threshold = sorted.length >= params.top ? (sorted[sorted.length - params.top] as number) : -Infinity
    const candidates: number[] = []
    for (let i = 0; i < length; i++) if ((values[i] as number) >= threshold || (threshold === -Infinity && Number.isNaN(values[i] as number))) candidates.push(i)
    order = candidates.sort(compare).slice(0, params.top)
  } else {
    order = Array.from({ length }, (_, i) => i).sort(compare)
    if (cut) order = order.slice(0, params.top)
  }
  const rows: GroupRow[] = order.map((i) => ({
    keys: keys.map((key, k) => key.slots.values[(groups.slots[k] as Int32Array)[i] as number] as CellValue),
    count: groups.count[i] as number,
    value: measureOf(groups, params.measure, i),
  }))
  if (!cut) return { groups: length, rows }
  const kept = new Uint8Array(length)
  for (const i of order) kept[i] = 1
  return { groups: length, rows, other: otherRow(groups, params.measure, kept) }
}

function otherRow(groups: Groups, measure: string, kept: Uint8Array): NonNullable<GroupResult['other']> {
  let count = 0
  let n = 0
  let sum = 0
  let min = Infinity
  let max = -Infinity
  let others = 0
  for (let i = 0; i < groups.length; i++) {
    if (kept[i] === 1) continue
    others++
    count += groups.count[i] as number
    if (!groups.n || (groups.n[i] as number) === 0) continue
    n += groups.n[i] as number
    if (groups.sum) sum += groups.sum[i] as number
    if (groups.min) min = Math.min(min, groups.min[i] as number)
    if (groups.max) max = Math.max(max, groups.max[i] as number)
  }
  const value = measure === 'count' ? count : n === 0 ? null : measure === 'sum' ? sum : measure === 'mean' ? sum / n : measure === 'min' ? min : max
  return { groups: others, count, value }
}

/** Up to `size` points evenly spaced over the matching records, both cells numbers. */
function samplePoints(x: ColumnIndex, y: ColumnIndex, records: Int32Array | null, total: number, size: number): NonNullable<GroupResult['sample']> {
  const xs = numbersOf(x)
  const ys = numbersOf(y)
  const points: [number, number][] = []
  const step = Math.max(1, total / size)
  for (let at = 0; at < total && points.length < size; at += step) {
    const record = records === null ? Math.floor(at) : (records[Math.floor(at)] as number)
    const cx = x.codes[record] as number
    const cy = y.codes[record] as number
    if (cx !== 0 && cy !== 0) points.push([xs[cx] as number, ys[cy] as number])
  }
  return { size: points.length, of: total, points }
}

