// Sort ranks of a column's distinct values, fast enough for a million distinct texts.
//
// Calling the collator for every comparison costs seconds at 1M values. Instead each text gets a
// numeric keys: the collator's primary weights of its characters, 7 per key, for its first 28
// characters, as long as they are printable ASCII (weights are derived from the collator itself at
// start-up). Two texts whose keys differ compare the same way under the collator (primary
// differences come first, and ASCII has no contractions), so only texts with equal keys, or with
// non-ASCII where the keys would differ, are compared with the collator itself. A property test checks this against the collator.

import { isNumericType } from './cell-text.ts'
import { compareCodePoints, compareText } from './collation.ts'
import type { ColumnIndex, ValueRanges } from './column-index.ts'
import { touchFresh } from './fresh-memory.ts'
import { runToEnd, type Steps } from './steps.ts'
import type { FieldType } from './types.ts'

const SEGMENT = 7
const SEGMENTS = 4
const RADIX = 128
const FIRST_PRINTABLE = 0x20
const LAST_PRINTABLE = 0x7e

/** Primary weight (1..) of each printable ASCII character under the shared collation. */
const primaryWeights: Uint8Array = (() => {
  const base = new Intl.Collator('en', { usage: 'sort', sensitivity: 'base', numeric: false })
  const characters: string[] = []
  for (let code = FIRST_PRINTABLE; code <= LAST_PRINTABLE; code++) characters.push(String.fromCharCode(code))
  characters.sort(base.compare)
  const weights = new Uint8Array(128)
  let weight = 1
  characters.forEach((character, i) => {
    if (i > 0 && base.compare(characters[i - 1] as string, character) !== 0) weight++
    weights[character.charCodeAt(0)] = weight
  })
  return weights
})()

/** Key of the characters [from, from + 7) of a text, or -1 when they are not all printable ASCII. */
export function collationSegmentKey(text: string, from: number): number {
  return collationSegmentKeyIn(text, 0, text.length, from)
}

/** The same for the text lying at [start, end) of `text` (a column's value where it lies). */
export function collationSegmentKeyIn(text: string, start: number, end: number, from: number): number {
  let key = 0
  for (let i = start + from; i < start + from + SEGMENT; i++) {
    let weight = 0
    if (i < end) {
      const code = text.charCodeAt(i)
      if (code < FIRST_PRINTABLE || code > LAST_PRINTABLE) return -1
      weight = primaryWeights[code] as number
    }
    key = key * RADIX + weight
  }
  return key
}

/** Code-point key of the characters [from, from + 7) of the text at [start, end) (for ISO dates and timestamps), or -1 when not ASCII. */
function codePointSegmentKeyIn(text: string, start: number, end: number, from: number): number {
  let key = 0
  for (let i = start + from; i < start + from + SEGMENT; i++) {
    let code = 0
    if (i < end) {
      code = text.charCodeAt(i) + 1
      if (code >= RADIX) return -1
    }
    key = key * RADIX + code
  }
  return key
}

/** Codes 1..k-1 of a column in ascending value order. */
function* sortedCodes(index: ColumnIndex, type: FieldType): Steps<Int32Array> {
  const codes = new Int32Array(Math.max(0, index.valueCount - 1))
  for (let i = 0; i < codes.length; i++) {
    codes[i] = i + 1
    if ((i & 0xffff) === 0xffff) yield
  }
  if (isNumericType(type)) {
    const numbers = new Float64Array(index.valueCount)
    for (let code = 1; code < index.valueCount; code++) {
      numbers[code] = Number(index.valueAt(code))
      if ((code & 0xffff) === 0) yield
    }
    return yield* sortSteps(codes, (a, b) => (numbers[a] as number) - (numbers[b] as number))
  }
  if (type === 'bool') return codes.sort((a, b) => (index.valueAt(a) === index.valueAt(b) ? 0 : index.valueAt(a) === 'false' ? -1 : 1))
  const textual = type !== 'date' && type !== 'timestamp'
  // texts whose keys tie (a shared prefix of 28 characters: sentences, addresses) are told apart by
  // their primary weights before the collator is asked (a collator call costs about a microsecond)
  const compareIn = textual ? compareRangesQuickly : compareCodeUnitsIn
  const segmentKey = textual ? collationSegmentKeyIn : codePointSegmentKeyIn
  // each value read where it lies: a column coded after loading has no strings of its values, and
  // making 800,000 of them for a sort would leave them all for the GC to copy
  const { parents, spans } = index.ranges ?? madeRanges(index.values)
  const keys = new Float64Array(index.valueCount * SEGMENTS)
  for (let code = 1; code < index.valueCount; code++) {
    const text = parents[spans[code * 3] as number] as string
    const start = spans[code * 3 + 1] as number
    const end = spans[code * 3 + 2] as number
    for (let segment = 0; segment < SEGMENTS; segment++) keys[code * SEGMENTS + segment] = segmentKey(text, start, end, segment * SEGMENT)
    if ((code & 0x3fff) === 0) yield
  }
  return yield* sortSteps(codes, (a, b) => {
    for (let segment = 0; segment < SEGMENTS; segment++) {
      const keyA = keys[a * SEGMENTS + segment] as number
      const keyB = keys[b * SEGMENTS + segment] as number
      if (keyA < 0 || keyB < 0) break
      if (keyA !== keyB) return keyA - keyB
    }
    const at = a * 3
    const bt = b * 3
    return compareIn(parents[spans[at] as number] as string, spans[at + 1] as number, spans[at + 2] as number, parents[spans[bt] as number] as string, spans[bt + 1] as number, spans[bt + 2] as number)
  })
}

/** Ranges over values that are made (each its own parent, whole): 12 bytes a value, for a column coded while loading. */
function madeRanges(values: readonly string[]): ValueRanges {
  const spans = new Int32Array(values.length * 3)
  for (let code = 1; code < values.length; code++) {
    spans[code * 3] = code
    spans[code * 3 + 2] = (values[code] as string).length
  }
  return { parents: values, spans }
}

/** `compareCodePoints` of the texts at [aStart, aEnd) of `a` and [bStart, bEnd) of `b` (UTF-16 code units, as `<` does). */
function compareCodeUnitsIn(a: string, aStart: number, aEnd: number, b: string, bStart: number, bEnd: number): number {
  const shorter = Math.min(aEnd - aStart, bEnd - bStart)
  for (let i = 0; i < shorter; i++) {
    const difference = a.charCodeAt(aStart + i) - b.charCodeAt(bStart + i)
    if (difference !== 0) return difference
  }
  return aEnd - aStart - (bEnd - bStart)
}

/**
 * Items sorted by the built-in sort per run of this many, then merged. Small: a run is one step
 * that cannot be cut (512 items take about 4,600 comparisons, a few milliseconds even when every one
 * goes to the collator), and the comparisons in all are about the same whatever the run.
 */
export const SORT_RUN = 512

/**
 * A stable sort in steps: runs of SORT_RUN items sorted by the built-in sort, then merged pairwise,
 * yielding after each run and every SORT_RUN merged items (a million texts take about a second of
 * comparisons, which one built-in call would do without a break).
 */
export function* sortSteps(items: Int32Array, compare: (a: number, b: number) => number): Steps<Int32Array> {
  if (items.length <= SORT_RUN) return items.sort(compare)
  for (let from = 0; from < items.length; from += SORT_RUN) {
    items.subarray(from, Math.min(items.length, from + SORT_RUN)).sort(compare)
    yield
  }
  let source = items
  let target: Int32Array = new Int32Array(items.length)
  for (let width = SORT_RUN; width < items.length; width *= 2) {
    for (let left = 0; left < items.length; left += 2 * width) {
      const middle = Math.min(items.length, left + width)
      const end = Math.min(items.length, left + 2 * width)
      let i = left
      let j = middle
      let out = left
      while (i < middle && j < end) {
        const a = source[i] as number
        const b = source[j] as number
        if (compare(b, a) < 0) {
          target[out++] = b
          j++
        } else {
          target[out++] = a
          i++
        }
        if ((out & (SORT_RUN - 1)) === 0) yield
      }
      target.set(source.subarray(i, middle), out)
      out += middle - i
      target.set(source.subarray(j, end), out)
    }
    ;[source, target] = [target, source]
    yield
  }
  return source
}

/** Rank of each code in ascending value order (0..); distinct codes always hold distinct values. */
export function ranksOf(index: ColumnIndex, type: FieldType): Int32Array {
  return runToEnd(ranksSteps(index, type))
}

/** The same in steps (a sort of a million distinct texts yields about every few milliseconds). */
export function* ranksSteps(index: ColumnIndex, type: FieldType): Steps<Int32Array> {
  if (index.ranks) return index.ranks
  const order = yield* sortedCodes(index, type)
  if (index.ranks) return index.ranks
  const ranks = new Int32Array(index.valueCount)
  // written at random places: mapped in order first (fresh-memory.ts)
  yield* touchFresh(ranks)
  for (let i = 0; i < order.length; i++) {
    ranks[order[i] as number] = i
    if ((i & 0xffff) === 0xffff) yield
  }
  if (index.ranks) return index.ranks
  index.ranks = ranks
  return ranks
}

function isPrintableAscii(code: number): boolean {
  return code >= FIRST_PRINTABLE && code <= LAST_PRINTABLE
}

/**
 * `compareText`, decided by the characters' primary weights while both texts are printable ASCII
 * (the rule the rank keys use, over the whole text): the collator is called only for texts equal at
 * that level or holding other characters. Many times faster on texts with long shared prefixes.
 */
export function compareTextQuickly(a: string, b: string): number {
  return compareRangesQuickly(a, 0, a.length, b, 0, b.length)
}

/** `compareTextQuickly` of the texts at [aStart, aEnd) of `a` and [bStart, bEnd) of `b`, sliced out only for the collator. */
export function compareRangesQuickly(a: string, aStart: number, aEnd: number, b: string, bStart: number, bEnd: number): number {
  const aLength = aEnd - aStart
  const bLength = bEnd - bStart
  const shorter = Math.min(aLength, bLength)
  for (let i = 0; i < shorter; i++) {
    const codeA = a.charCodeAt(aStart + i)
    const codeB = b.charCodeAt(bStart + i)
    if (!isPrintableAscii(codeA) || !isPrintableAscii(codeB)) return compareTextIn(a, aStart, aEnd, b, bStart, bEnd)
    const difference = (primaryWeights[codeA] as number) - (primaryWeights[codeB] as number)
    if (difference !== 0) return difference
  }
  if (aLength === bLength) return compareTextIn(a, aStart, aEnd, b, bStart, bEnd)
  // a primary prefix sorts first, when the rest of the longer text has primary weights too
  const longer = aLength > bLength ? a : b
  const to = aLength > bLength ? aEnd : bEnd
  for (let i = to - Math.abs(aLength - bLength); i < to; i++) if (!isPrintableAscii(longer.charCodeAt(i))) return compareTextIn(a, aStart, aEnd, b, bStart, bEnd)
  return aLength - bLength
}

/** `compareText` of two texts where they lie (sliced out for the collator). */
function compareTextIn(a: string, aStart: number, aEnd: number, b: string, bStart: number, bEnd: number): number {
  return compareText(aStart === 0 && aEnd === a.length ? a : a.slice(aStart, aEnd), bStart === 0 && bEnd === b.length ? b : b.slice(bStart, bEnd))
}

/** The order `sort` gives two stored texts of a field type (the order ranks encode), for a few values. */
export function compareStoredTexts(type: FieldType): (a: string, b: string) => number {
  if (isNumericType(type)) return (a, b) => Number(a) - Number(b)
  if (type === 'bool') return (a, b) => (a === b ? 0 : a === 'false' ? -1 : 1)
  return type === 'date' || type === 'timestamp' ? compareCodePoints : compareTextQuickly
}
