// The value index of one column: a code per record (0 = null), the distinct texts, a posting list
// (record numbers in ascending order) per code, and lazily the sort rank of each code (sort-ranks.ts).

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
  const builder = new ColumnCodesBuilder(texts.length)
  for (let record = 0; record < texts.length; record++) {
    const text = texts[record]
    if (text !== null && text !== undefined) builder.add(record, text)
  }
  return builder.build()
}

/**
 * A column's codes added a record at a time (any order, each record once; records never added are
 * null), so a caller can build a large column's index in steps with other work in between.
 */
export class ColumnCodesBuilder {
  private readonly codes: Uint32Array
  private readonly values: string[] = ['']
  private readonly codeOf = new Map<string, number>()

  constructor(size: number) {
    this.codes = new Uint32Array(size)
  }

  add(record: number, text: string): void {
    let code = this.codeOf.get(text)
    if (code === undefined) {
      code = this.values.length
      this.values.push(text)
      this.codeOf.set(text, code)
    }
    this.codes[record] = code
  }

  build(): ColumnIndex {
    const { codes, values, codeOf } = this
    return buildColumnIndex(values.length <= 0xffff ? Uint16Array.from(codes) : codes, values, codeOf)
  }
}
