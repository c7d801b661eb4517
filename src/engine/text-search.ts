// Case-insensitive substring search (`q`) over a table's lowercase chunk strings.
//
// A sweep runs one indexOf per hit over each chunk, maps the hit to its record by binary search in
// the record starts, reports it, and jumps to the next record. The indexOf looks for a window of at
// most 5 characters around the needle's rarest character (V8's indexOf is fast when the first
// character is rare), and each window hit is verified against the whole needle.
// Chunks held as UTF-8 bytes in WebAssembly memory are searched by the SIMD kernel instead
// (wasm/scan-memory.ts), in batches of matching records that grow while the visitor wants more.
// Needles containing `\x01` (the field separator) take the slow path: field by field; so do, in byte
// chunks only, needles the kernel cannot take (lone surrogates, over 4 KB).
// Blocks whose trigrams cannot contain the needle are skipped (trigram-index.ts).

import { lowerTextOf, lowerTextSteps, type StringLower } from './lower-text.ts'
import { runToEnd, type Steps } from './steps.ts'
import type { Chunk, StoredTable } from './table.ts'
import { candidateRanges, candidateRangesSteps } from './trigram-index.ts'
import { byteNeedle, OUT_CAPACITY, type ByteNeedle, type ChunkBytes } from './wasm/scan-memory.ts'

const SEPARATOR = '\x01'
const WINDOW = 5
const SAMPLE_CHARACTERS = 1 << 21
/** A byte sweep asks the kernel for this many records first, then twice as many each time. */
const FIRST_BATCH = 4

/** Called for each matching record in ascending order; return false to stop. */
export type RecordVisitor = (record: number) => boolean

const frequencies = new WeakMap<StoredTable, Float64Array>()

/** How often each ASCII character occurs in a sample of the lowercase text (non-ASCII counts as rare). */
function characterFrequencies(table: StoredTable): Float64Array {
  let counts = frequencies.get(table)
  if (counts) return counts
  counts = new Float64Array(128)
  let budget = SAMPLE_CHARACTERS
  for (const chunk of table.chunks) {
    const lowered = lowerTextOf(table, chunk)
    if (lowered.bytes) {
      const begin = lowered.bytes.recordStart(0)
      const end = Math.min(lowered.bytes.recordStart(chunk.count), begin + budget)
      const bytes = lowered.bytes.bytes()
      for (let i = begin; i < end; i++) {
        const code = bytes[i] as number
        if (code < 128) counts[code]++
      }
      budget -= end - begin
    } else {
      const length = Math.min(lowered.lower.length, budget)
      for (let i = 0; i < length; i++) {
        const code = lowered.lower.charCodeAt(i)
        if (code < 128) counts[code]++
      }
      budget -= length
    }
    if (budget <= 0) break
  }
  frequencies.set(table, counts)
  return counts
}

interface Anchor {
  /** The part of the needle searched with indexOf. */
  window: string
  /** Where the window starts inside the needle. */
  offset: number
}

function chooseAnchor(table: StoredTable, needle: string): Anchor {
  if (needle.length <= WINDOW) return { window: needle, offset: 0 }
  const counts = characterFrequencies(table)
  let rarest = 0
  let rarestCount = Infinity
  for (let i = 0; i < needle.length; i++) {
    const code = needle.charCodeAt(i)
    const count = code < 128 ? (counts[code] as number) : 0
    if (count < rarestCount) {
      rarestCount = count
      rarest = i
    }
  }
  const offset = Math.min(rarest, needle.length - WINDOW)
  return { window: needle.slice(offset, offset + WINDOW), offset }
}

/** Index of the record whose lowercase text contains `position`. */
function recordAt(starts: Int32Array, count: number, position: number): number {
  let low = 0
  let high = count - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((starts[middle] as number) <= position) low = middle
    else high = middle - 1
  }
  return low
}

/**
 * Sweeps the records [firstLocal, endLocal) of one chunk; returns false when the visitor asked to stop.
 * A part of a chunk is searched through a slice (O(1) in V8), so indexOf never runs past its end.
 */
function sweepRange(chunk: Chunk, lowered: StringLower, needle: string, anchor: Anchor, firstLocal: number, endLocal: number, visit: RecordVisitor): boolean {
  const { lower, lowerStarts } = lowered
  const base = lowerStarts[firstLocal] as number
  const whole = firstLocal === 0 && endLocal === chunk.count
  const text = whole ? lower : lower.slice(base, (lowerStarts[endLocal] as number) - 1)
  const offset = whole ? 0 : base
  let position = anchor.offset
  for (;;) {
    const hit = text.indexOf(anchor.window, position)
    if (hit === -1) return true
    const start = hit - anchor.offset
    if (anchor.window.length === needle.length || text.startsWith(needle, start)) {
      const local = recordAt(lowerStarts, chunk.count, start + offset)
      if (!visit(chunk.first + local)) return false
      if (local + 1 >= endLocal) return true
      position = (lowerStarts[local + 1] as number) - offset + anchor.offset
    } else {
      position = hit + 1
    }
  }
}

/** Sweeps the records [firstLocal, endLocal) of a byte chunk; returns false when the visitor asked to stop. */
function sweepBytes(chunk: Chunk, bytes: ChunkBytes, needle: ByteNeedle, firstLocal: number, endLocal: number, visit: RecordVisitor): boolean {
  let first = firstLocal
  let batch = FIRST_BATCH
  while (first < endLocal) {
    const found = bytes.match(first, endLocal, needle, batch)
    // copied out: a visitor may search again (recordContains) and overwrite the kernel's output
    const records = found.slice()
    for (let i = 0; i < records.length; i++) if (!visit(chunk.first + (records[i] as number))) return false
    if (records.length < batch) return true
    first = (records[records.length - 1] as number) + 1
    batch = Math.min(batch * 2, OUT_CAPACITY)
  }
  return true
}

/** Sweeps a chunk field by field (for needles the kernel cannot take). */
function sweepFields(table: StoredTable, chunk: Chunk, needle: string, firstLocal: number, endLocal: number, visit: RecordVisitor): boolean {
  for (let local = firstLocal; local < endLocal; local++) {
    const record = chunk.first + local
    if (fieldsContain(table, record, needle) && !visit(record)) return false
  }
  return true
}

/** The kernel's form of a needle for one table (cached for the last needle asked: candidates ask per record). */
let lastByteNeedle: { table: StoredTable; needle: string; prepared: ByteNeedle | null } | undefined

function byteNeedleFor(table: StoredTable, needle: string): ByteNeedle | null {
  if (lastByteNeedle?.table !== table || lastByteNeedle.needle !== needle) {
    const counts = characterFrequencies(table)
    lastByteNeedle = { table, needle, prepared: byteNeedle(needle, (byte) => counts[byte] as number) }
  }
  return lastByteNeedle.prepared
}

/** Visits, in ascending order, every record with a field whose lowercase text contains `needle`. */
export function sweepRecords(table: StoredTable, needle: string, visit: RecordVisitor): void {
  runToEnd(sweepRecordsSteps(table, needle, visit))
}

/** The same in steps: yields after each chunk (a few milliseconds of scanning). */
export function* sweepRecordsSteps(table: StoredTable, needle: string, visit: RecordVisitor): Steps<void> {
  if (needle.includes(SEPARATOR)) {
    for (let record = 0; record < table.size; record++) {
      if (fieldsContain(table, record, needle) && !visit(record)) return
      if ((record & 0x3fff) === 0x3fff) yield
    }
    return
  }
  let anchor: Anchor | undefined
  const sweep = (chunk: Chunk, first: number, end: number): boolean => {
    const lowered = lowerTextOf(table, chunk)
    if (!lowered.bytes) {
      anchor ??= chooseAnchor(table, needle)
      return sweepRange(chunk, lowered, needle, anchor, first, end, visit)
    }
    const prepared = byteNeedleFor(table, needle)
    return prepared ? sweepBytes(chunk, lowered.bytes, prepared, first, end, visit) : sweepFields(table, chunk, needle, first, end, visit)
  }
  for (const chunk of table.chunks) {
    yield* lowerTextSteps(table, chunk)
    const ranges = yield* candidateRangesSteps(table, chunk, needle)
    if (ranges === undefined) {
      if (!sweep(chunk, 0, chunk.count)) return
    } else {
      for (const [first, end] of ranges) {
        if (!sweep(chunk, first, end)) return
      }
    }
    yield
  }
}

/**
 * The number of records with a field whose lowercase text contains `needle`: a total without a
 * visitor call per record (byte chunks add up the kernel's batches).
 */
export function countRecords(table: StoredTable, needle: string): number {
  return runToEnd(countRecordsSteps(table, needle))
}

/** The same in steps: yields after each chunk. */
export function* countRecordsSteps(table: StoredTable, needle: string): Steps<number> {
  let count = 0
  const tally: RecordVisitor = () => {
    count++
    return true
  }
  if (needle.includes(SEPARATOR)) {
    yield* sweepRecordsSteps(table, needle, tally)
    return count
  }
  let anchor: Anchor | undefined
  for (const chunk of table.chunks) {
    const lowered = yield* lowerTextSteps(table, chunk)
    const ranges = (yield* candidateRangesSteps(table, chunk, needle)) ?? [[0, chunk.count]]
    const prepared = lowered.bytes ? byteNeedleFor(table, needle) : null
    for (const [first, end] of ranges) {
      if (!lowered.bytes) {
        anchor ??= chooseAnchor(table, needle)
        sweepRange(chunk, lowered, needle, anchor, first, end, tally)
      } else if (prepared) {
        count += countBytes(lowered.bytes, prepared, first, end)
      } else {
        sweepFields(table, chunk, needle, first, end, tally)
      }
    }
    yield
  }
  return count
}

function countBytes(bytes: ChunkBytes, needle: ByteNeedle, first: number, end: number): number {
  let count = 0
  for (let from = first; from < end; ) {
    const found = bytes.match(from, end, needle, OUT_CAPACITY)
    count += found.length
    if (found.length < OUT_CAPACITY) break
    from = (found[found.length - 1] as number) + 1
  }
  return count
}

/** Whether one field's lowercase text contains `needle` (field -1 is `_id`). */
export function fieldContains(table: StoredTable, record: number, field: number, needle: string): boolean {
  if (field === -1) return String(record + 1).includes(needle)
  const text = table.fieldText(record, field)
  return text !== null && text.toLowerCase().includes(needle)
}

function fieldsContain(table: StoredTable, record: number, needle: string): boolean {
  for (let field = 0; field < table.fields.length; field++) {
    if (fieldContains(table, record, field, needle)) return true
  }
  return false
}

/** Whether any field (never `_id`) of the record contains `needle`. */
export function recordContains(table: StoredTable, record: number, needle: string): boolean {
  if (needle.includes(SEPARATOR)) return fieldsContain(table, record, needle)
  const chunk = table.chunkOf(record)
  const local = record - chunk.first
  const lowered = lowerTextOf(table, chunk)
  if (lowered.bytes) {
    const prepared = byteNeedleFor(table, needle)
    if (prepared === null) return fieldsContain(table, record, needle)
    return lowered.bytes.match(local, local + 1, prepared, 1).length === 1
  }
  return lowered.lower.slice(lowered.lowerStarts[local], lowered.lowerStarts[local + 1]).includes(needle)
}

/**
 * Keeps, of the ascending records records[0, count), those with a field (never `_id`) containing
 * `needle`: moves them, in order, to the front of `records` and returns how many there are. Records of
 * a byte chunk are checked by the kernel in one call per chunk.
 */
export function keepContaining(table: StoredTable, records: Int32Array, count: number, needle: string): number {
  let kept = 0
  let begin = 0
  while (begin < count) {
    const chunk = table.chunkOf(records[begin] as number)
    const chunkEnd = chunk.first + chunk.count
    let end = begin + 1
    while (end < count && (records[end] as number) < chunkEnd) end++
    const lowered = needle.includes(SEPARATOR) ? undefined : lowerTextOf(table, chunk)
    const prepared = lowered?.bytes ? byteNeedleFor(table, needle) : null
    if (lowered?.bytes && prepared) {
      const locals = records.subarray(begin, end)
      for (let i = 0; i < locals.length; i++) locals[i] = (locals[i] as number) - chunk.first
      const found = lowered.bytes.keepMatching(locals, locals.length, prepared)
      for (let i = 0; i < found; i++) records[kept++] = (locals[i] as number) + chunk.first
    } else {
      for (let i = begin; i < end; i++) {
        const record = records[i] as number
        if (recordContains(table, record, needle)) records[kept++] = record
      }
    }
    begin = end
  }
  return kept
}

/**
 * Every record with a field whose lowercase text contains `needle`, ascending: the kernel's batches
 * copied out whole (byte chunks), without a visitor call per record. For summaries.
 */
export function collectRecords(table: StoredTable, needle: string): Int32Array {
  let records = new Int32Array(1024)
  let count = 0
  const ensure = (more: number): void => {
    if (count + more <= records.length) return
    const grown = new Int32Array(Math.max(records.length * 2, count + more))
    grown.set(records.subarray(0, count))
    records = grown
  }
  const keep: RecordVisitor = (record) => {
    ensure(1)
    records[count++] = record
    return true
  }
  if (needle.includes(SEPARATOR)) {
    sweepRecords(table, needle, keep)
    return records.subarray(0, count)
  }
  let anchor: Anchor | undefined
  for (const chunk of table.chunks) {
    const ranges = candidateRanges(table, chunk, needle) ?? [[0, chunk.count]]
    const lowered = lowerTextOf(table, chunk)
    const prepared = lowered.bytes ? byteNeedleFor(table, needle) : null
    for (const [first, end] of ranges) {
      if (!lowered.bytes) {
        anchor ??= chooseAnchor(table, needle)
        sweepRange(chunk, lowered, needle, anchor, first, end, keep)
      } else if (prepared) {
        for (let from = first; from < end; ) {
          const found = lowered.bytes.match(from, end, prepared, OUT_CAPACITY)
          ensure(found.length)
          for (let i = 0; i < found.length; i++) records[count + i] = (found[i] as number) + chunk.first
          count += found.length
          if (found.length < OUT_CAPACITY) break
          from = (found[found.length - 1] as number) + 1
        }
      } else {
        sweepFields(table, chunk, needle, first, end, keep)
      }
    }
  }
  return records.subarray(0, count)
}
