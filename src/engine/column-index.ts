// The value index of one column: a code per record (0 = null), the distinct texts, a posting list
// (record numbers in ascending order) per code, and lazily the sort rank of each code (sort-ranks.ts).
//
// A column coded after loading (too many distinct values to code while loading) is coded by hashing
// each cell's text where it lies in the chunk string into an open-addressing table of codes: a value
// seen for the first time is kept as where it lies (its chunk text, start and end), a repeat is
// confirmed by comparing characters in place. No string is made per value while coding: hundreds of
// thousands of them, all alive, made every young-generation GC copy megabytes (pauses of 60-80 ms).
// The values are sliced out only when something asks for all of them (`values`: summaries, group by);
// a sort reads them where they lie (`ranges`, sort-ranks.ts). The same table answers `codeFor`; the
// `Map` of `codeOf` is only built if something asks for it.

import { touchFresh } from './fresh-memory.ts'
import { RECORDS_PER_STEP, runToEnd, type Steps } from './steps.ts'

/** Code of each record (0 = null), in the narrowest array its codes fit (`narrowCodesSteps`). */
export type ColumnCodes = Uint8Array | Uint16Array | Uint32Array

export interface ColumnIndex {
  /** Code of each record; 0 means null. */
  readonly codes: ColumnCodes
  /** Text of each code; index 0 is unused (made on first use for a column coded after loading: prefer `valueAt`). */
  readonly values: readonly string[]
  /** The number of codes (values.length, 0 included). */
  readonly valueCount: number
  /** The text of one code (values[code]). */
  valueAt(code: number): string
  /** Where each code's text lies, for a column coded after loading (its values are made only when asked for). */
  readonly ranges: ValueRanges | undefined
  /** The code of a text, or undefined when no record holds it. */
  codeFor(text: string): number | undefined
  /** The same as a map (built on first use for a column coded after loading: prefer `codeFor`). */
  readonly codeOf: ReadonlyMap<string, number>
  /** postings.subarray(postingStarts[c], postingStarts[c + 1]) = records with code c, ascending (built on first use). */
  readonly postingStarts: Int32Array
  readonly postings: Int32Array
  /** Rank of each code in ascending value order (equal values share a rank); built on first sort. */
  ranks?: Int32Array
  /** Bytes of the arrays it holds so far (codes, posting starts and lists, ranks, where values lie). */
  heldBytes(): number
}

/** Each code's text where it lies: parents[spans[3c]].slice(spans[3c + 1], spans[3c + 2]) for code c >= 1. */
export interface ValueRanges {
  readonly parents: readonly string[]
  readonly spans: Int32Array
}

/** The values of an index: made, or where they lie and how many codes there are. */
type IndexValues = readonly string[] | { count: number; ranges: ValueRanges }

type CodeLookup = ReadonlyMap<string, number> | ((text: string) => number | undefined)

/** The index of codes given with their lookup: a map, or a function (then the map is made on demand). */
export function buildColumnIndex(codes: ColumnCodes, values: IndexValues, lookup: CodeLookup): ColumnIndex {
  return runToEnd(buildColumnIndexSteps(codes, values, lookup))
}

/**
 * Records counted per step into the posting starts: each adds one at a random place of an array of
 * a few MB for a column of many values (a cache miss each), several times a sequential loop's cost.
 */
export const COUNT_PER_STEP = 1 << 14

/**
 * The same in steps: counting a million records' codes is tens of milliseconds for a column of
 * hundreds of thousands of values, which one step would hold the thread for.
 */
export function* buildColumnIndexSteps(codes: ColumnCodes, values: IndexValues, lookup: CodeLookup): Steps<ColumnIndex> {
  const valueCount = 'ranges' in values ? values.count : values.length
  const postingStarts = new Int32Array(valueCount + 1)
  // counted at random places: mapped in order first (fresh-memory.ts)
  yield* touchFresh(postingStarts)
  for (let record = 0; record < codes.length; record++) {
    postingStarts[(codes[record] as number) + 1]++
    if ((record & (COUNT_PER_STEP - 1)) === COUNT_PER_STEP - 1) yield
  }
  for (let code = 0; code < valueCount; code++) {
    postingStarts[code + 1] += postingStarts[code] as number
    if ((code & (RECORDS_PER_STEP - 1)) === RECORDS_PER_STEP - 1) yield
  }
  return new CodedColumn(codes, values, postingStarts, lookup)
}

/**
 * The codes of a column of `valueCount` codes (0 included) in the narrowest array they fit, copied a
 * step at a time: 8-bit codes for up to 255 values, 16-bit for up to 65,535. An index keeps its codes
 * for the table's life (a byte a record per column is a megabyte a column at a million records).
 * Codes already that wide are returned as they are unless their buffer is over an eighth larger than
 * they need (a loader's codes grow by doubling): a copy is fresh memory to touch, for little.
 */
export function* narrowCodesSteps(codes: ColumnCodes, valueCount: number): Steps<ColumnCodes> {
  const bytes = valueCount <= 0x100 ? 1 : valueCount <= 0x10000 ? 2 : 4
  if (bytes === codes.BYTES_PER_ELEMENT && codes.buffer.byteLength - codes.byteLength <= codes.byteLength >> 3) return codes
  const narrow = bytes === 1 ? new Uint8Array(codes.length) : bytes === 2 ? new Uint16Array(codes.length) : new Uint32Array(codes.length)
  for (let from = 0; from < codes.length; from += RECORDS_PER_STEP) {
    if (from > 0) yield
    narrow.set(codes.subarray(from, Math.min(codes.length, from + RECORDS_PER_STEP)), from)
  }
  return narrow
}

/** A class, so that the lazy parts are getters on the prototype and every index keeps one fast shape. */
class CodedColumn implements ColumnIndex {
  ranks?: Int32Array = undefined
  readonly valueCount: number
  readonly ranges: ValueRanges | undefined
  private made: readonly string[] | undefined
  private lookup: CodeLookup
  private map: ReadonlyMap<string, number> | undefined
  // the lists themselves only for a filter (a summary reads their lengths): 4 bytes a record
  private lists: Int32Array | undefined

  constructor(
    readonly codes: ColumnCodes,
    values: IndexValues,
    readonly postingStarts: Int32Array,
    lookup: CodeLookup,
  ) {
    if ('ranges' in values) {
      this.valueCount = values.count
      this.ranges = values.ranges
      this.made = undefined
    } else {
      this.valueCount = values.length
      this.ranges = undefined
      this.made = values
    }
    this.lookup = lookup
    this.map = typeof lookup === 'function' ? undefined : lookup
  }

  get values(): readonly string[] {
    if (this.made === undefined) {
      const values = ['']
      for (let code = 1; code < this.valueCount; code++) values.push(this.valueAt(code))
      this.made = values
    }
    return this.made
  }

  valueAt(code: number): string {
    if (this.made !== undefined || this.ranges === undefined) return this.values[code] as string
    const { parents, spans } = this.ranges
    const parent = parents[spans[code * 3] as number] as string
    const start = spans[code * 3 + 1] as number
    const end = spans[code * 3 + 2] as number
    return start === 0 && end === parent.length ? parent : parent.slice(start, end)
  }

  codeFor(text: string): number | undefined {
    return typeof this.lookup === 'function' ? this.lookup(text) : this.lookup.get(text)
  }

  get codeOf(): ReadonlyMap<string, number> {
    this.map ??= new Map(this.values.map((value, code) => [value, code] as const).slice(1))
    return this.map
  }

  get postings(): Int32Array {
    this.lists ??= postingsOf(this.codes, this.postingStarts)
    return this.lists
  }

  heldBytes(): number {
    return this.codes.byteLength + this.postingStarts.byteLength + (this.lists?.byteLength ?? 0) + (this.ranks?.byteLength ?? 0) + (this.ranges?.spans.byteLength ?? 0)
  }
}

function postingsOf(codes: ColumnCodes, postingStarts: Int32Array): Int32Array {
  const fill = postingStarts.slice(0, postingStarts.length - 1)
  const postings = new Int32Array(codes.length)
  for (let record = 0; record < codes.length; record++) {
    const code = codes[record] as number
    postings[(fill[code] as number)++] = record
  }
  return postings
}

export function codesFromTexts(texts: readonly (string | null)[]): ColumnIndex {
  const builder = new ColumnCodesBuilder(texts.length)
  for (let record = 0; record < texts.length; record++) {
    const text = texts[record]
    if (text !== null && text !== undefined) builder.add(record, text, 0, text.length)
  }
  return builder.build()
}

const FNV_OFFSET = 0x811c9dc5 | 0
const FNV_PRIME = 0x01000193

/** A 32-bit hash of `text[start, end)` (FNV-1a over UTF-16 code units, then mixed). */
export function hashOf(text: string, start: number, end: number): number {
  let hash = FNV_OFFSET
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME)
  hash ^= hash >>> 15
  hash = Math.imul(hash, 0x2c1b3c6d)
  return hash ^ (hash >>> 12)
}

/**
 * Characters of a column's first values copied while coding it (see `copied`): 1 MB at most, so the
 * copy's last growth maps no more fresh pages in one step than fresh-memory.ts allows.
 */
export const COPIED_CHARS = 1 << 19

/** Records coded before the codes so far are scaled to all records (`expectedCount`), at the least. */
const ESTIMATE_AFTER = 65_536

/** Codes moved into a larger table of slots per call of `reserve` (about a millisecond of rehashing). */
export const REHASH_SLICE = 1 << 16

/**
 * A column's codes added a record at a time (any order, each record once; records never added are
 * null), so a caller can build a large column's index in steps with other work in between.
 */
export class ColumnCodesBuilder {
  /** 16-bit until a 65,536th value comes, then 32-bit (a column of fewer values never writes 4 bytes a record). */
  private codes: Uint16Array | Uint32Array
  /** Codes so far (0 included). */
  private count = 1
  /** The texts the values lie in, and the latest one. */
  private readonly parents: string[] = []
  private parent: string | undefined
  /** Hash of each code's text. */
  private hashes = new Int32Array(1024)
  /** Where each code's text lies: its parent's place in `parents`, start, end (3 per code, grown with the hashes). */
  private spans = new Int32Array(3 * 1024)
  /** Open addressing, linear probing: a code per slot, 0 = free; never more than half full. */
  private slots: Int32Array = new Int32Array(2048)
  private mask = 2047
  /** A larger array of hashes being touched by `reserve`, a slice per call, before the hashes move in. */
  private growingHashes: { hashes: Int32Array<ArrayBuffer>; spans: Int32Array<ArrayBuffer>; touch: Steps<void> } | undefined
  /** A larger table being filled from the codes so far by `reserve`, a slice per call. */
  private growing: { slots: Int32Array; mask: number; next: number; touch: Steps<void> } | undefined
  /** Codes moved by the latest call of `reserve` (at most REHASH_SLICE). */
  rehashedLastCall = 0
  /**
   * While coding, the first COPIED_CHARS characters of values are also copied here, in code order, and
   * repeats are compared with the copy: a value's first occurrence lies at a random place of megabytes
   * of earlier text (a cache miss per repeated cell), the copy of a column of short values is a few
   * hundred KB read from cache. Dropped when the index is built.
   */
  private copied = new Uint16Array(4096)
  /** Where each code's copy starts in `copied`, -1 (or past the end) when not copied. */
  private copyAt = new Int32Array(1024)
  private copiedLength = 0
  /** Records added so far; the codes expected in all (`expectedCount`, 0 until estimated), and whether most values so far were new. */
  private added = 0
  private expected = 0
  private mostlyDistinct = false

  constructor(size: number) {
    this.codes = new Uint16Array(size)
  }

  /**
   * Makes room for `extra` more values, so that adding them never rehashes the whole table at once
   * (half a million codes take tens of milliseconds): true when the room is there; false after moving
   * up to REHASH_SLICE codes into a larger table, to be called again (after a pause, for a host).
   */
  reserve(extra: number): boolean {
    this.rehashedLastCall = 0
    const expected = this.expectedCount(extra)
    if (!this.reserveHashes(expected)) return false
    // the slots are written at random, so a larger table is touched whole: sized for the expected
    // count only where most values so far were new (a column whose values run out would pay for
    // slots it never fills), else doubled as the codes come
    const wanted = this.mostlyDistinct ? expected : this.count + extra
    if (this.growing === undefined && wanted * 2 <= this.mask) return true
    let growing = this.growing
    if (growing === undefined) {
      let mask = this.mask
      while (wanted * 2 > mask) mask = mask * 2 + 1
      const slots = new Int32Array(mask + 1)
      growing = { slots, mask, next: 1, touch: touchFresh(slots) }
      this.growing = growing
    }
    // the codes land at random slots: the fresh table is mapped in order first, a slice per call
    // (fresh-memory.ts), so no call faults on thousands of pages at once
    if (growing.touch.next().done !== true) return false
    const end = Math.min(this.count, growing.next + REHASH_SLICE)
    const { slots, mask } = growing
    for (let code = growing.next; code < end; code++) {
      let slot = (this.hashes[code] as number) & mask
      while (slots[slot] !== 0) slot = (slot + 1) & mask
      slots[slot] = code
    }
    this.rehashedLastCall = end - growing.next
    growing.next = end
    if (end < this.count) return false
    this.slots = slots
    this.mask = mask
    this.growing = undefined
    return true
  }

  /**
   * Codes to make room for, `extra` more values being about to come: once a sixteenth of the records
   * (at least 65,536) are coded, at least the codes so far scaled to all records (and an eighth more).
   * A column of mostly distinct values then grows its arrays once to about their final size rather
   * than doubling them a dozen times: each doubling is a larger array of fresh memory, whose first
   * touch costs a page fault per 4 KB (most of the cost of coding a million distinct texts on a
   * virtual machine), and the copies.
   */
  private expectedCount(extra: number): number {
    const records = this.codes.length
    if (this.expected === 0 && this.added >= Math.max(ESTIMATE_AFTER, records >> 4)) {
      this.expected = Math.min(records + 1, Math.ceil(((this.count * records) / this.added) * 1.125))
      this.mostlyDistinct = this.count * 2 >= this.added
    }
    return Math.max(this.count + extra, this.expected)
  }

  /**
   * Room for `count` hashes: false after touching a slice of a larger array (fresh-memory.ts), to be
   * called again; true once it holds the hashes so far (copied in one go: touched memory copies fast).
   * Only the part the copy fills is touched first: hashes and spans are written in code order, so the
   * rest is touched a few pages a slice of records as codes come, and an estimate too high costs no
   * memory it does not use.
   */
  private reserveHashes(count: number): boolean {
    if (count <= this.hashes.length && this.growingHashes === undefined) return true
    let growing = this.growingHashes
    if (growing === undefined) {
      // doubled, or to the count asked for when that is more (an estimate of the final count)
      const length = Math.max(count, this.hashes.length * 2)
      const hashes = new Int32Array(length)
      const spans = new Int32Array(3 * length)
      growing = { hashes, spans, touch: touchBoth(hashes.subarray(0, this.hashes.length), spans.subarray(0, this.spans.length)) }
      this.growingHashes = growing
    }
    if (growing.touch.next().done !== true) return false
    growing.hashes.set(this.hashes)
    growing.spans.set(this.spans)
    this.hashes = growing.hashes
    this.spans = growing.spans
    this.growingHashes = undefined
    return true
  }

  /** Record `record` holds `text.slice(start, end)`. */
  add(record: number, text: string, start: number, end: number): void {
    // a growth under way is finished first (lookups below use the current table)
    while (this.growing !== undefined) this.reserve(0)
    this.added++
    const hash = hashOf(text, start, end)
    let slot = hash & this.mask
    for (;;) {
      const code = this.slots[slot] as number
      if (code === 0) break
      if (this.hashes[code] === hash && this.holds(code, text, start, end)) {
        this.codes[record] = code
        return
      }
      slot = (slot + 1) & this.mask
    }
    const code = this.count++
    if (code === 0x10000) this.codes = Uint32Array.from(this.codes)
    if (text !== this.parent) {
      this.parents.push(text)
      this.parent = text
    }
    if (code >= this.hashes.length) {
      const grown = new Int32Array(this.hashes.length * 2)
      grown.set(this.hashes)
      this.hashes = grown
      const spans = new Int32Array(this.spans.length * 2)
      spans.set(this.spans)
      this.spans = spans
    }
    this.copy(code, text, start, end)
    this.spans[code * 3] = this.parents.length - 1
    this.spans[code * 3 + 1] = start
    this.spans[code * 3 + 2] = end
    this.hashes[code] = hash
    this.slots[slot] = code
    if (this.count * 2 > this.mask) this.grow()
    this.codes[record] = code
  }

  build(): ColumnIndex {
    return runToEnd(this.buildSteps())
  }

  /** The same in steps (a million records' codes narrowed and counted a slice at a time); call once. */
  *buildSteps(): Steps<ColumnIndex> {
    const { codes, count } = this
    this.codes = new Uint32Array(0) // the index holds the codes; the lookup below keeps this builder
    this.copied = new Uint16Array(0) // lookups after the build compare in place
    this.copyAt = new Int32Array(0)
    const kept = yield* narrowCodesSteps(codes, count)
    const ranges: ValueRanges = { parents: this.parents, spans: this.spans }
    return yield* buildColumnIndexSteps(kept, { count, ranges }, (text) => this.codeFor(text))
  }

  private codeFor(text: string): number | undefined {
    const hash = hashOf(text, 0, text.length)
    for (let slot = hash & this.mask; ; slot = (slot + 1) & this.mask) {
      const code = this.slots[slot] as number
      if (code === 0) return undefined
      if (this.hashes[code] === hash && this.holds(code, text, 0, text.length)) return code
    }
  }

  /** Copies the value of a new code (while the copies stay under COPIED_CHARS). */
  private copy(code: number, text: string, start: number, end: number): void {
    const length = end - start
    // past the budget, later codes are compared in place (beyond `copyAt`, or -1 in it)
    if (this.copiedLength + length > COPIED_CHARS) {
      if (code < this.copyAt.length) this.copyAt[code] = -1
      return
    }
    if (code >= this.copyAt.length) {
      const grown = new Int32Array(Math.max(this.copyAt.length * 2, code + 1)).fill(-1)
      grown.set(this.copyAt)
      this.copyAt = grown
    }
    if (this.copiedLength + length > this.copied.length) {
      const grown = new Uint16Array(Math.min(COPIED_CHARS, Math.max(this.copied.length * 2, this.copiedLength + length)))
      grown.set(this.copied.subarray(0, this.copiedLength))
      this.copied = grown
    }
    const copied = this.copied
    const at = this.copiedLength
    for (let i = 0; i < length; i++) copied[at + i] = text.charCodeAt(start + i)
    this.copyAt[code] = at
    this.copiedLength = at + length
  }

  private holds(code: number, text: string, start: number, end: number): boolean {
    const at = code < this.copyAt.length ? (this.copyAt[code] as number) : -1
    if (at >= 0) {
      if ((this.spans[code * 3 + 2] as number) - (this.spans[code * 3 + 1] as number) !== end - start) return false
      const copied = this.copied
      for (let i = 0; i < end - start; i++) if (copied[at + i] !== text.charCodeAt(start + i)) return false
      return true
    }
    const parent = this.parents[this.spans[code * 3] as number] as string
    const from = this.spans[code * 3 + 1] as number
    if ((this.spans[code * 3 + 2] as number) - from !== end - start) return false
    if (parent === text && from === start) return true
    for (let i = 0; i < end - start; i++) if (parent.charCodeAt(from + i) !== text.charCodeAt(start + i)) return false
    return true
  }

  /** Doubles the table at once (for a caller that adds without `reserve`). */
  private grow(): void {
    while (!this.reserve(0)) {
      // every slice at once
    }
  }
}

function* touchBoth(first: Int32Array, second: Int32Array): Steps<void> {
  yield* touchFresh(first)
  yield* touchFresh(second)
}
