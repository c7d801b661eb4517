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
