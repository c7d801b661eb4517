// The value index of one column: a code per record (0 = null), the distinct texts, a posting list
// (record numbers in ascending order) per code, and lazily the sort rank of each code.

import { isNumericType } from './cellText.ts'
import { compareCodePoints, compareText } from './collation.ts'
import type { FieldType } from './types.ts'

export interface ColumnIndex {
  /** Code of each record; 0 means null. */
  readonly codes: Uint16Array | Uint32Array
  /** Text of each code; index 0 is unused. */
  readonly values: readonly string[]
  readonly codeOf: ReadonlyMap<string, number>
  /** postings.subarray(postingStarts[c], postingStarts[c + 1]) = records with code c, ascending. */
  readonly postingStarts: Int32Array
  readonly postings: Int32Array
  /** Rank of each code in ascending value order (equal values share a rank); built on first sort. */
  ranks?: Int32Array
}

export function buildColumnIndex(
  codes: Uint16Array | Uint32Array,
  values: readonly string[],
  codeOf: ReadonlyMap<string, number>,
): ColumnIndex {
  const postingStarts = new Int32Array(values.length + 1)
  for (let record = 0; record < codes.length; record++) postingStarts[(codes[record] as number) + 1]++
  for (let code = 0; code < values.length; code++) postingStarts[code + 1] += postingStarts[code] as number
  const fill = postingStarts.slice(0, values.length)
  const postings = new Int32Array(codes.length)
  for (let record = 0; record < codes.length; record++) {
    const code = codes[record] as number
    postings[(fill[code] as number)++] = record
  }
  return { codes, values, codeOf, postingStarts, postings }
}

export function codesFromTexts(texts: readonly (string | null)[]): ColumnIndex {
  const codeOf = new Map<string, number>()
  const values: string[] = ['']
  const codes = new Uint32Array(texts.length)
  for (let record = 0; record < texts.length; record++) {
    const text = texts[record]
    if (text === null || text === undefined) continue
    let code = codeOf.get(text)
    if (code === undefined) {
      code = values.length
      values.push(text)
      codeOf.set(text, code)
    }
    codes[record] = code
  }
  return buildColumnIndex(values.length <= 0xffff ? Uint16Array.from(codes) : codes, values, codeOf)
}

/** How two non-null cell texts of a column type compare in `sort`. */
export function valueComparator(type: FieldType): (a: string, b: string) => number {
  if (isNumericType(type)) return (a, b) => Number(a) - Number(b)
  if (type === 'bool') return (a, b) => (a === b ? 0 : a === 'false' ? -1 : 1)
  if (type === 'date' || type === 'timestamp') return compareCodePoints
  return compareText
}

export function ranksOf(index: ColumnIndex, type: FieldType): Int32Array {
  if (index.ranks) return index.ranks
  const compare = valueComparator(type)
  const order = Array.from({ length: index.values.length - 1 }, (_, i) => i + 1)
  order.sort((a, b) => compare(index.values[a] as string, index.values[b] as string))
  const ranks = new Int32Array(index.values.length)
  let rank = 0
  for (let i = 0; i < order.length; i++) {
    const code = order[i] as number
    if (i > 0 && compare(index.values[order[i - 1] as number] as string, index.values[code] as string) !== 0) rank++
    ranks[code] = rank
  }
  index.ranks = ranks
  return ranks
}
