// Case-insensitive substring search (`q`) over a table's lowercase chunk strings.
//
// A sweep runs one indexOf per hit over each chunk, maps the hit to its record by binary search in
// the record starts, reports it, and jumps to the next record. The indexOf looks for a window of at
// most 5 characters around the needle's rarest character (V8's indexOf is fast when the first
// character is rare), and each window hit is verified against the whole needle.
// Needles containing `\x01` (the field separator) take the slow path: field by field.
// Blocks whose trigrams cannot contain the needle are skipped (trigramIndex.ts).

import type { Chunk, StoredTable } from './table.ts'
import { candidateRanges } from './trigramIndex.ts'

const SEPARATOR = '\x01'
const WINDOW = 5
const SAMPLE_CHARACTERS = 1 << 21

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
    const length = Math.min(chunk.lower.length, budget)
    for (let i = 0; i < length; i++) {
      const code = chunk.lower.charCodeAt(i)
      if (code < 128) counts[code]++
    }
    budget -= length
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
function sweepRange(chunk: Chunk, needle: string, anchor: Anchor, firstLocal: number, endLocal: number, visit: RecordVisitor): boolean {
  const { lowerStarts } = chunk
  const base = lowerStarts[firstLocal] as number
  const whole = firstLocal === 0 && endLocal === chunk.count
  const text = whole ? chunk.lower : chunk.lower.slice(base, (lowerStarts[endLocal] as number) - 1)
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

/** Visits, in ascending order, every record with a field whose lowercase text contains `needle`. */
export function sweepRecords(table: StoredTable, needle: string, visit: RecordVisitor): void {
  if (needle.includes(SEPARATOR)) {
    for (let record = 0; record < table.size; record++) {
      if (recordContains(table, record, needle) && !visit(record)) return
    }
    return
  }
  const anchor = chooseAnchor(table, needle)
  for (const chunk of table.chunks) {
    const ranges = candidateRanges(table, chunk, needle)
    if (ranges === undefined) {
      if (!sweepRange(chunk, needle, anchor, 0, chunk.count, visit)) return
      continue
    }
    for (const [first, end] of ranges) {
      if (!sweepRange(chunk, needle, anchor, first, end, visit)) return
    }
  }
}

/** Whether one field's lowercase text contains `needle` (field -1 is `_id`). */
export function fieldContains(table: StoredTable, record: number, field: number, needle: string): boolean {
  if (field === -1) return String(record + 1).includes(needle)
  const text = table.fieldText(record, field)
  return text !== null && text.toLowerCase().includes(needle)
}

/** Whether any field (never `_id`) of the record contains `needle`. */
export function recordContains(table: StoredTable, record: number, needle: string): boolean {
  if (needle.includes(SEPARATOR)) {
    for (let field = 0; field < table.fields.length; field++) {
      if (fieldContains(table, record, field, needle)) return true
    }
    return false
  }
  const chunk = table.chunkOf(record)
  const local = record - chunk.first
  return chunk.lower.slice(chunk.lowerStarts[local], chunk.lowerStarts[local + 1]).includes(needle)
}
