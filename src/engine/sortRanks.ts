// Sort ranks of a column's distinct values, fast enough for a million distinct texts.
//
// Calling the collator for every comparison costs seconds at 1M values. Instead each text gets a
// numeric prefix key: the collator's primary weights of its first 7 characters when those are
// printable ASCII (weights are derived from the collator itself at start-up). Two texts whose keys
// differ compare the same way under the collator (primary differences come first, and ASCII has no
// contractions), so only texts with equal keys, or with non-ASCII in their first 7 characters, are
// compared with the collator itself. A property test checks this against the collator.

import { isNumericType } from './cellText.ts'
import { compareCodePoints, compareText } from './collation.ts'
import type { ColumnIndex } from './columnIndex.ts'
import type { FieldType } from './types.ts'

const PREFIX = 7
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

/** Prefix key of a text, or -1 when its first characters are not all printable ASCII. */
export function collationPrefixKey(text: string): number {
  let key = 0
  for (let i = 0; i < PREFIX; i++) {
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

/** Code-point prefix key (for ISO dates and timestamps), or -1 when not ASCII. */
function codePointPrefixKey(text: string): number {
  let key = 0
  for (let i = 0; i < PREFIX; i++) {
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
function sortedCodes(values: readonly string[], type: FieldType): Int32Array {
  const codes = Int32Array.from({ length: values.length - 1 }, (_, i) => i + 1)
  if (isNumericType(type)) {
    const numbers = Float64Array.from(values, Number)
    return codes.sort((a, b) => (numbers[a] as number) - (numbers[b] as number))
  }
  if (type === 'bool') return codes.sort((a, b) => (values[a] === values[b] ? 0 : values[a] === 'false' ? -1 : 1))
  const textual = type !== 'date' && type !== 'timestamp'
  const compare = textual ? compareText : compareCodePoints
  const prefixKey = textual ? collationPrefixKey : codePointPrefixKey
  const keys = Float64Array.from(values, prefixKey)
  const simple = codes.filter((code) => (keys[code] as number) >= 0)
  simple.sort((a, b) => (keys[a] as number) - (keys[b] as number) || compare(values[a] as string, values[b] as string))
  const complex = codes.filter((code) => (keys[code] as number) < 0)
  if (complex.length === 0) return simple
  complex.sort((a, b) => compare(values[a] as string, values[b] as string))
  return mergeSorted(simple, complex, (a, b) => compare(values[a] as string, values[b] as string))
}

function mergeSorted(left: Int32Array, right: Int32Array, compare: (a: number, b: number) => number): Int32Array {
  const merged = new Int32Array(left.length + right.length)
  let i = 0
  let j = 0
  let k = 0
  while (i < left.length && j < right.length) {
    merged[k++] = compare(left[i] as number, right[j] as number) <= 0 ? (left[i++] as number) : (right[j++] as number)
  }
  while (i < left.length) merged[k++] = left[i++] as number
  while (j < right.length) merged[k++] = right[j++] as number
  return merged
}

/** Rank of each code in ascending value order (0..); distinct codes always hold distinct values. */
export function ranksOf(index: ColumnIndex, type: FieldType): Int32Array {
  if (index.ranks) return index.ranks
  const order = sortedCodes(index.values, type)
  const ranks = new Int32Array(index.values.length)
  for (let i = 0; i < order.length; i++) ranks[order[i] as number] = i
  index.ranks = ranks
  return ranks
}
