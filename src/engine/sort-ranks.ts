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
import type { ColumnIndex } from './column-index.ts'
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
  let key = 0
  for (let i = from; i < from + SEGMENT; i++) {
    let weight = 0
    if (i < text.length) {
      const code = text.charCodeAt(i)
      if (code < FIRST_PRINTABLE || code > LAST_PRINTABLE) return -1
      weight = primaryWeights[code] as number
    }
    key = key * RADIX + weight
  }
  return key
}

/** Code-point key of the characters [from, from + 7) (for ISO dates and timestamps), or -1 when not ASCII. */
function codePointSegmentKey(text: string, from: number): number {
  let key = 0
  for (let i = from; i < from + SEGMENT; i++) {
    let code = 0
    if (i < text.length) {
      code = text.charCodeAt(i) + 1
      if (code >= RADIX) return -1
    }
    key = key * RADIX + code
  }
  return key
}

/** Codes 1..k-1 of a column in ascending value order. */
function* sortedCodes(values: readonly string[], type: FieldType): Steps<Int32Array> {
  const codes = new Int32Array(Math.max(0, values.length - 1))
  for (let i = 0; i < codes.length; i++) {
    codes[i] = i + 1
    if ((i & 0xffff) === 0xffff) yield
  }
  if (isNumericType(type)) {
    const numbers = new Float64Array(values.length)
    for (let code = 1; code < values.length; code++) {
      numbers[code] = Number(values[code])
      if ((code & 0xffff) === 0) yield
    }
    return yield* sortSteps(codes, (a, b) => (numbers[a] as number) - (numbers[b] as number))
  }
  if (type === 'bool') return codes.sort((a, b) => (values[a] === values[b] ? 0 : values[a] === 'false' ? -1 : 1))
  const textual = type !== 'date' && type !== 'timestamp'
  // texts whose keys tie (a shared prefix of 28 characters: sentences, addresses) are told apart by
  // their primary weights before the collator is asked (a collator call costs about a microsecond)
  const compare = textual ? compareTextQuickly : compareCodePoints
  const segmentKey = textual ? collationSegmentKey : codePointSegmentKey
  const keys = new Float64Array(values.length * SEGMENTS)
  for (let code = 1; code < values.length; code++) {
    const text = values[code] as string
    for (let segment = 0; segment < SEGMENTS; segment++) keys[code * SEGMENTS + segment] = segmentKey(text, segment * SEGMENT)
    if ((code & 0x3fff) === 0) yield
  }
  return yield* sortSteps(codes, (a, b) => {
    for (let segment = 0; segment < SEGMENTS; segment++) {
      const keyA = keys[a * SEGMENTS + segment] as number
      const keyB = keys[b * SEGMENTS + segment] as number
      if (keyA < 0 || keyB < 0) break
      if (keyA !== keyB) return keyA - keyB
    }
    return compare(values[a] as string, values[b] as string)
  })
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
  const order = yield* sortedCodes(index.values, type)
  if (index.ranks) return index.ranks
  const ranks = new Int32Array(index.values.length)
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
  const shorter = Math.min(a.length, b.length)
  for (let i = 0; i < shorter; i++) {
    const codeA = a.charCodeAt(i)
    const codeB = b.charCodeAt(i)
    if (!isPrintableAscii(codeA) || !isPrintableAscii(codeB)) return compareText(a, b)
    const difference = (primaryWeights[codeA] as number) - (primaryWeights[codeB] as number)
    if (difference !== 0) return difference
  }
  if (a.length === b.length) return compareText(a, b)
  // a primary prefix sorts first, when the rest of the longer text has primary weights too
  const longer = a.length > b.length ? a : b
  for (let i = shorter; i < longer.length; i++) if (!isPrintableAscii(longer.charCodeAt(i))) return compareText(a, b)
  return a.length - b.length
}

/** The order `sort` gives two stored texts of a field type (the order ranks encode), for a few values. */
export function compareStoredTexts(type: FieldType): (a: string, b: string) => number {
  if (isNumericType(type)) return (a, b) => Number(a) - Number(b)
  if (type === 'bool') return (a, b) => (a === b ? 0 : a === 'false' ? -1 : 1)
  return type === 'date' || type === 'timestamp' ? compareCodePoints : compareTextQuickly
}
