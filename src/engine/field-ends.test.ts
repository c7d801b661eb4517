import { describe, expect, it } from 'vitest'
import { FieldEnds } from './field-ends.ts'

/** Row-major ends of records whose fields have the given lengths (a separator after each field). */
function endsOf(lengths: readonly (readonly number[])[]): number[] {
  return lengths.flatMap((fields) => {
    let end = -1
    return fields.map((length) => (end += length + 1))
  })
}

/** The ends of `records` records of the same field lengths. */
function sized(lengths: readonly number[], records = 100): FieldEnds {
  return FieldEnds.of(endsOf(Array.from({ length: records }, () => lengths)), records, lengths.length)
}

describe('FieldEnds', () => {
  it('gives back every end and begin it was made from, whatever widths the fields take', () => {
    let seed = 7
    const random = (below: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % below
    for (const [width, longest] of [[1, 10], [5, 40], [13, 200], [4, 30_000], [3, 70_000]] as const) {
      const lengths = Array.from({ length: 300 }, () => Array.from({ length: width }, () => random(longest)))
      const ends = endsOf(lengths)
      const stored = FieldEnds.of(Uint32Array.from(ends), lengths.length, width)
      for (let local = 0; local < lengths.length; local++) {
        for (let field = 0; field < width; field++) {
          expect(stored.end(local, field)).toBe(ends[local * width + field])
          expect(stored.begin(local, field)).toBe(field === 0 ? 0 : (ends[local * width + field - 1] as number) + 1)
        }
      }
    }
  })

  it('keeps an end in a byte wherever its distance from the record start or an earlier end fits one', () => {
    // ends 9 19 29 259 269: the last two as distances from the third's end
    expect(sized([9, 9, 9, 229, 9]).byteLength).toBe(100 * 5)
    expect(sized([9, 9, 9, 229, 9]).end(99, 4)).toBe(269)
    // a field of more than 255 characters is kept whole (16 bits), and is the next fields' base
    expect(sized([9, 300, 9, 9]).byteLength).toBe(100 * (3 + 2))
    expect(sized([9, 300, 9, 9]).end(50, 3)).toBe(330)
    // and in 32 bits past 65,535 characters
    expect(sized([9, 70_000]).byteLength).toBe(100 * (1 + 4))
  })

  it('reads only the ends of the records it is told of', () => {
    const ends = new Uint32Array(64)
    ends.set(endsOf([[1, 2], [3, 4]]))
    ends.fill(100_000, 4)
    const stored = FieldEnds.of(ends, 2, 2)
    expect(stored.byteLength).toBe(4)
    expect([stored.end(1, 0), stored.end(1, 1)]).toEqual([3, 8])
  })
})
