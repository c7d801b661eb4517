// What a summary of a whole column needs, worked out without the column's value index, for a
// summary of the whole table asked before that index is built (as a large load ends). The index
// gives every record a code through a table of slots probed at random (a cache miss or more per
// cell: most of a first summary's time at a million records, and megabytes of fresh memory); a
// summary of every record needs only each distinct value's count:
// - a column the loader says holds no value twice (`uniqueColumns`): each non-empty cell is a value
//   held once, so its distinct count is its non-empty cells and its top values are the first `top`
//   in sort order, picked in one pass over the cells where they lie (no code, no key per value);
// - any other text column of up to 2^21 records: by fingerprints, each cell's hash and record
//   number as one number, sorted, a run of equal hashes being a value once its texts are checked
//   equal (`countedTextsSteps`).
// Each works a chunk (or a slice of keys) per step. Other columns give undefined: the summary builds
// the index.

import { compareRangesQuickly } from './sort-ranks.ts'
import type { Steps } from './steps.ts'
import { isNullBit, type Chunk, type StoredTable } from './table.ts'
import { fingerprintOf, fingerprintOfBytes } from './text-fingerprint.ts'

/** A column whose values each occur once: its non-empty and empty cells, and its first values in sort order. */
export interface UniqueColumnTop {
  distinct: number
  empty: number
  /** The first `top` non-empty values in the sort order of text (`compareTextQuickly`). */
  first: string[]
}

/**
 * The unique text column `position`'s distinct count, empty cells and first `top` values, in one pass
 * over its cells (a step a chunk). Undefined when the column is not a unique column of text.
 */
export function* uniqueColumnTopSteps(table: StoredTable, position: number, top: number): Steps<UniqueColumnTop | undefined> {
  if (!table.isUniqueColumn(position) || table.fields[position]?.type !== 'text') return undefined
  const first = new FirstValues(top, position, table.nullBitsOf(position))
  // a chunk per call of a plain method (a generator's loop is not optimised while it runs)
  for (const chunk of table.chunks) {
    first.add(chunk)
    yield
  }
  return { distinct: table.size - first.empty, empty: first.empty, first: first.values() }
}

/** The first `top` non-empty values of a column in sort order, kept where they lie, and its empty cells. */
class FirstValues {
  empty = 0
  private readonly texts: string[] = []
  private readonly starts: number[] = []
  private readonly ends: number[] = []

  constructor(
    private readonly top: number,
    private readonly position: number,
    private readonly nulls: Uint8Array | null,
  ) {}

  add({ first, count, text, starts: recordStarts, fieldEnds }: Chunk): void {
    const { nulls, position, top, texts, starts, ends } = this
    for (let local = 0; local < count; local++) {
      const record = first + local
      if (nulls !== null && isNullBit(nulls, record)) {
        this.empty++
        continue
      }
      const recordStart = recordStarts[local] as number
      const start = recordStart + fieldEnds.begin(local, position)
      const end = recordStart + fieldEnds.end(local, position)
      if (start === end) {
        this.empty++
        continue
      }
      const kept = texts.length
      if (top === 0) continue
      if (kept === top && compareRangesQuickly(text, start, end, texts[kept - 1] as string, starts[kept - 1] as number, ends[kept - 1] as number) >= 0) continue
      // its place among the kept ones (a binary search: up to 1,000 of them)
      let low = 0
      let high = kept
      while (low < high) {
        const middle = (low + high) >> 1
        if (compareRangesQuickly(text, start, end, texts[middle] as string, starts[middle] as number, ends[middle] as number) < 0) high = middle
        else low = middle + 1
      }
      texts.splice(low, 0, text)
      starts.splice(low, 0, start)
      ends.splice(low, 0, end)
      if (texts.length > top) {
        texts.pop()
        starts.pop()
        ends.pop()
      }
    }
  }

  values(): string[] {
    return this.texts.map((text, i) => text.slice(this.starts[i], this.ends[i]))
  }
}


/**
 * The distinct values of a column with how many records hold each, numbered in the order they first
 * occur (as its index would number them), and its empty cells (null or ""). A code's text is read
 * from its first record.
 */
export interface CountedValues {
  /** Codes 1..valueCount-1 (0 unused, as an index's null). */
  readonly valueCount: number
  readonly counts: Int32Array
  readonly empty: number
  /** The highest count. */
  readonly maxCount: number
  /** The stored text of a code. */
  valueAt(code: number): string
}

/** Record numbers take the low bits of a fingerprint key: a table of up to 2^21 records keeps 32 bits of hash. */
const RECORD_BITS = 21
const RECORD_SCALE = 2 ** RECORD_BITS
/** Keys are first spread into buckets by their hash's top bits, then each bucket is sorted. */
const BUCKET_BITS = 11
/** Keys moved, sorted or compared per step. */
const KEYS_PER_STEP = 1 << 16

/**
 * The text column `position`'s distinct values and counts, from fingerprints instead of an index:
 * each cell's 32-bit hash (`fingerprintOf`) and record number make one number, the numbers
 * are sorted (spread into buckets by their top bits, each bucket sorted natively: cache-friendly
 * passes, no table of slots probed at random), and each run of equal hashes is one value held that
 * many times once its texts are checked equal (a hash shared by different texts splits its run).
 * Undefined for a table of more than 2^21 records.
 */
export function* countedTextsSteps(table: StoredTable, position: number): Steps<CountedValues | undefined> {
  if (table.size > RECORD_SCALE || table.fields[position]?.type !== 'text') return undefined
  const fingerprints = new Fingerprints(table.size, position, table.nullBitsOf(position))
  for (const chunk of table.chunks) {
    fingerprints.add(chunk)
    yield
  }
  const sorted = fingerprints.spread()
  for (let from = 0; from < fingerprints.length; from += KEYS_PER_STEP) {
    yield
    fingerprints.spreadSlice(sorted, from, Math.min(fingerprints.length, from + KEYS_PER_STEP))
  }
  for (let bucket = 0; bucket < fingerprints.bucketStarts.length - 1; ) {
    yield
    bucket = fingerprints.sortBuckets(sorted, bucket, KEYS_PER_STEP)
  }
  // the keys are spread: their memory (8 bytes a record) holds a count per record, then the sorted
  // keys' memory (8 bytes a value or more) the values' counts (fresh memory is a page fault a 4 KB)
  const countAt = new Int32Array(fingerprints.keys.buffer, 0, table.size).fill(0)
  const runs = new RunCounter(table, position, sorted, fingerprints.length, countAt)
  while (!runs.done) {
    yield
    runs.countSlice(KEYS_PER_STEP)
  }
  return runs.counted(fingerprints.empty, sorted.buffer)
}

/** Records whose text is read as bytes at a time (a few tens of KB: the bytes stay in cache). */
const BATCH_RECORDS = 256
const BATCH_BYTES = 1 << 16
const encoder = new TextEncoder()
/** Each non-empty cell's hash and record as one number, and how many keys fall in each bucket of hashes. */
class Fingerprints {
  empty = 0
  length = 0
  readonly keys: Float64Array
  /** Keys per bucket, then (`spread`) each bucket's start. */
  bucketStarts = new Int32Array((1 << BUCKET_BITS) + 1)

  constructor(
    size: number,
    private readonly position: number,
    private readonly nulls: Uint8Array | null,
  ) {
    this.keys = new Float64Array(size)
  }

  add(chunk: Chunk): void {
    const hashes = chunk.fingerprints?.[this.position]
    if (hashes !== undefined) this.addTaken(chunk, hashes)
    else this.addHashed(chunk)
  }

  /** A chunk whose fingerprints the loader took (text-fingerprint.ts). */
  private addTaken({ first, count, fieldEnds }: Chunk, hashes: Uint32Array): void {
    const { nulls, position, keys, bucketStarts } = this
    let length = this.length
    for (let local = 0; local < count; local++) {
      const record = first + local
      if ((nulls !== null && isNullBit(nulls, record)) || fieldEnds.begin(local, position) === fieldEnds.end(local, position)) {
        this.empty++
        continue
      }
      const hash = hashes[local] as number
      keys[length++] = hash * RECORD_SCALE + record
      bucketStarts[(hash >>> (32 - BUCKET_BITS)) + 1]++
    }
    this.length = length
  }

  private addHashed({ first, count, text, starts, fieldEnds }: Chunk): void {
    const { nulls, position, keys, bucketStarts } = this
    let length = this.length
    for (let from = 0; from < count; from += BATCH_RECORDS) {
      const to = Math.min(count, from + BATCH_RECORDS)
      const base = starts[from] as number
      const bytes = this.asciiBytes(text, base, Math.min(text.length, starts[to] as number))
      for (let local = from; local < to; local++) {
        const record = first + local
        if (nulls !== null && isNullBit(nulls, record)) {
          this.empty++
          continue
        }
        const recordStart = starts[local] as number
        const start = recordStart + fieldEnds.begin(local, position)
        const end = recordStart + fieldEnds.end(local, position)
        if (start === end) {
          this.empty++
          continue
        }
        const hash = (bytes === undefined ? fingerprintOf(text, start, end) : fingerprintOfBytes(bytes, start - base, end - base)) >>> 0
        keys[length++] = hash * RECORD_SCALE + record
        bucketStarts[(hash >>> (32 - BUCKET_BITS)) + 1]++
      }
    }
    this.length = length
  }

  private readonly bytes = new Uint8Array(BATCH_BYTES)

  /**
   * `text.slice(start, end)` as bytes, one a character, when it is all ASCII and fits the buffer (a
   * batch of long texts is hashed from its characters); else undefined.
   */
  private asciiBytes(text: string, start: number, end: number): Uint8Array | undefined {
    if (end - start > this.bytes.length) return undefined
    const { read, written } = encoder.encodeInto(text.slice(start, end), this.bytes)
    return read === end - start && written === end - start ? this.bytes : undefined
  }

  /**
   * The array the keys are spread into, each bucket's start computed; one entry longer than the keys,
   * so that once they are counted it holds two 4-byte numbers a value, code 0 included.
   */
  spread(): Float64Array {
    const { bucketStarts } = this
    for (let bucket = 1; bucket < bucketStarts.length; bucket++) bucketStarts[bucket] += bucketStarts[bucket - 1] as number
    this.fill = bucketStarts.slice(0, bucketStarts.length - 1)
    return new Float64Array(this.length + 1)
  }

  private fill = new Int32Array(0)

  spreadSlice(sorted: Float64Array, from: number, to: number): void {
    const { keys, fill } = this
    for (let i = from; i < to; i++) {
      const key = keys[i] as number
      sorted[(fill[Math.floor(key / RECORD_SCALE) >>> (32 - BUCKET_BITS)] as number)++] = key
    }
  }

  /** Sorts the buckets from `bucket` until about `keys` keys are sorted; the next bucket to sort. */
  sortBuckets(sorted: Float64Array, bucket: number, keys: number): number {
    const { bucketStarts } = this
    const last = bucketStarts.length - 1
    const limit = (bucketStarts[bucket] as number) + keys
    let at = bucket
    do {
      sorted.subarray(bucketStarts[at] as number, bucketStarts[at + 1] as number).sort()
      at++
    } while (at < last && (bucketStarts[at + 1] as number) <= limit)
    return at
  }
}

/**
 * Walks sorted fingerprint keys: each run of equal hashes, its texts checked equal, is a value, whose
 * count is kept at its first record (`countAt`: no list of values grown as they come).
 */
class RunCounter {
  done = false
  private at = 0
  private valueCount = 1
  private maxCount = 0

  constructor(
    private readonly table: StoredTable,
    private readonly position: number,
    private readonly sorted: Float64Array,
    private readonly length: number,
    /** Zeroed, a number per record. */
    private readonly countAt: Int32Array,
  ) {}

  countSlice(keys: number): void {
    const { sorted, length, countAt } = this
    const end = Math.min(length, this.at + keys)
    let at = this.at
    while (at < end) {
      const key = sorted[at] as number
      const base = Math.floor(key / RECORD_SCALE) * RECORD_SCALE
      // the keys of one hash lie below the next hash's first key
      const limit = base + RECORD_SCALE
      let next = at + 1
      while (next < length && (sorted[next] as number) < limit) next++
      if (next - at === 1) {
        countAt[key - base] = 1
        this.valueCount++
        if (this.maxCount === 0) this.maxCount = 1
      } else this.countRun(at, next, base)
      at = next
    }
    this.at = at
    this.done = at >= length
  }

  /** The records of a run of one hash: one value if all its texts are the first's, else grouped by text. */
  private countRun(from: number, to: number, base: number): void {
    const { sorted } = this
    const first = (sorted[from] as number) - base
    const text = this.cellText(first)
    for (let i = from + 1; i < to; i++) if (!this.holds((sorted[i] as number) - base, text)) return this.splitRun(from, to, base)
    this.value(first, to - from)
  }

  /** A run whose hash is shared by different texts (rare): its records grouped by their texts. */
  private splitRun(from: number, to: number, base: number): void {
    let records: number[] = []
    for (let i = from; i < to; i++) records.push((this.sorted[i] as number) - base)
    while (records.length > 0) {
      const first = records[0] as number
      const text = this.cellText(first)
      const other: number[] = []
      let count = 1
      for (let i = 1; i < records.length; i++) {
        const record = records[i] as number
        if (this.holds(record, text)) count++
        else other.push(record)
      }
      this.value(first, count)
      records = other
    }
  }

  /** A record's cell text (a slice of its chunk's text, not a copy). */
  private cellText(record: number): string {
    const chunk = this.table.chunkOf(record)
    const local = record - chunk.first
    const recordStart = chunk.starts[local] as number
    return chunk.text.slice(recordStart + chunk.fieldEnds.begin(local, this.position), recordStart + chunk.fieldEnds.end(local, this.position))
  }

  /**
   * Whether a record's cell holds `text`: lengths first, then the engine's own comparison of two
   * slices (a few times faster than comparing character by character here).
   */
  private holds(record: number, text: string): boolean {
    const chunk = this.table.chunkOf(record)
    const local = record - chunk.first
    const recordStart = chunk.starts[local] as number
    const start = recordStart + chunk.fieldEnds.begin(local, this.position)
    const end = recordStart + chunk.fieldEnds.end(local, this.position)
    return end - start === text.length && chunk.text.slice(start, end) === text
  }

  private value(first: number, count: number): void {
    this.countAt[first] = count
    this.valueCount++
    if (count > this.maxCount) this.maxCount = count
  }

  /**
   * The values counted, numbered in the order of their first records (as an index numbers its codes:
   * a summary reading many of their texts, thousands tied at its cut, then reads them in order).
   * `room`: memory no longer needed, of 8 bytes a value or more, the codes' counts and first records
   * are kept in.
   */
  counted(empty: number, room: ArrayBufferLike): CountedValues {
    const { valueCount, countAt, table, position } = this
    const counts = new Int32Array(room, 0, valueCount)
    const firsts = new Int32Array(room, valueCount * 4, valueCount)
    counts[0] = 0
    firsts[0] = 0
    let next = 1
    for (let record = 0; record < countAt.length; record++) {
      const count = countAt[record] as number
      if (count === 0) continue
      counts[next] = count
      firsts[next++] = record
    }
    return {
      valueCount,
      counts,
      empty,
      maxCount: this.maxCount,
      valueAt: (code) => table.fieldText(firsts[code] as number, position) ?? '',
    }
  }
}
