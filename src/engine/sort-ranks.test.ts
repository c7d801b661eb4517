// The fast prefix-key ordering must equal plain collation for every text, including punctuation,
// digits, spaces, case pairs and non-ASCII characters in and after the 7-character prefix.

import * as fc from 'fast-check'
import { describe, expect, it, vi } from 'vitest'
import { compareCodePoints, compareText } from './collation.ts'
import { codesFromTexts, ColumnCodesBuilder, type ColumnIndex } from './column-index.ts'
import { compareTextQuickly, ranksOf, SORT_RUN, sortSteps } from './sort-ranks.ts'
import type { FieldType } from './types.ts'

const printable = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i))
const characters = fc.oneof(fc.constantFrom(...printable), fc.constantFrom('é', 'É', 'ß', 'İ', 'ø', 'Å', '\u0301', '日', '\x01'))
const text = fc.array(characters, { maxLength: 10 }).map((chars) => chars.join(''))
const long = fc.array(fc.oneof(characters, fc.constantFrom('a', 'A', ' ')), { maxLength: 35 }).map((chars) => chars.join(''))
// Many shared prefixes, so that ties on the 7-character key are common.
const prefixed = fc.tuple(fc.constantFrom('', 'Annual ', 'annual', 'ANNUAL r', 'a-b', 'annual report of the year '), fc.oneof(text, long)).map(([prefix, rest]) => prefix + rest)

function rankedOrder(values: string[], type: FieldType): string[] {
  const index = codesFromTexts(values)
  const ranks = ranksOf(index, type)
  return index.values.slice(1).toSorted((a, b) => (ranks[index.codeOf.get(a) as number] as number) - (ranks[index.codeOf.get(b) as number] as number))
}

describe('sort ranks', () => {
  it('order texts exactly as the collator (then code points) does', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.oneof(text, long, prefixed), { maxLength: 60 }), (values) => {
        expect(rankedOrder(values, 'text')).toEqual(values.toSorted(compareText))
      }),
      { numRuns: 500 },
    )
  })

  it('compare two texts quickly exactly as the collator (then code points) does', () => {
    fc.assert(
      fc.property(fc.oneof(text, long, prefixed), fc.oneof(text, long, prefixed), (a, b) => {
        expect(Math.sign(compareTextQuickly(a, b))).toBe(Math.sign(compareText(a, b)))
        expect(Math.sign(compareTextQuickly(a, a + b))).toBe(Math.sign(compareText(a, a + b)))
      }),
      { numRuns: 3000 },
    )
  })

  it('order dates by code points and numbers numerically', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.oneof(text, prefixed), { maxLength: 30 }), (values) => {
        expect(rankedOrder(values, 'date')).toEqual(values.toSorted(compareCodePoints))
      }),
      { numRuns: 200 },
    )
    expect(rankedOrder(['10', '9', '-1.5', '100'], 'numeric')).toEqual(['-1.5', '9', '10', '100'])
  })
})

/** The values coded where they lie in one text (as a chunk's cells are), not as strings of their own. */
function codedInPlace(values: readonly string[]): ColumnIndex {
  const joined = `${values.join('\x01')}\x01`
  const builder = new ColumnCodesBuilder(values.length)
  let start = 0
  values.forEach((value, record) => {
    builder.add(record, joined, start, start + value.length)
    start += value.length + 1
  })
  return builder.build()
}

describe('sort ranks of values where they lie', () => {
  it('order them as the collator does, without making the column\'s strings', () => {
    const made = vi.spyOn(Object.getPrototypeOf(codedInPlace(['a'])) as ColumnIndex, 'values', 'get')
    try {
      fc.assert(
        fc.property(fc.uniqueArray(fc.oneof(text, long, prefixed), { maxLength: 60 }), fc.constantFrom<FieldType>('text', 'date'), (values, type) => {
          const index = codedInPlace(values)
          const ranks = ranksOf(index, type)
          made.mockClear()
          const byRank = (a: string, b: string): number => (ranks[index.codeFor(a) as number] as number) - (ranks[index.codeFor(b) as number] as number)
          expect(values.toSorted(byRank)).toEqual(values.toSorted(type === 'text' ? compareText : compareCodePoints))
          expect(index.values.slice(1)).toEqual(values)
          expect(made).toHaveBeenCalled()
        }),
        { numRuns: 300 },
      )
      // ranked without asking for the strings: the getter is only called by the check above
      made.mockClear()
      const index = codedInPlace(['b', 'a', 'c a', 'C', 'é'])
      ranksOf(index, 'text')
      expect(made).not.toHaveBeenCalled()
      expect(index.valueAt(3)).toBe('c a')
      const numbers = codedInPlace(['10', '9', '-1.5', '100'])
      expect(Array.from(ranksOf(numbers, 'numeric'))).toEqual([0, 2, 1, 0, 3])
      expect(made).not.toHaveBeenCalled()
    } finally {
      made.mockRestore()
    }
  })
})

describe('the sort in steps', () => {
  it('sorts stably and never compares more than a short run\'s worth between two yields', () => {
    // keys with many ties, so stability shows; comparisons are counted as the work of a step
    const count = 20 * SORT_RUN + 37
    const keys = Array.from({ length: count }, (_, i) => (i * 7919) % 101)
    const items = Int32Array.from({ length: count }, (_, i) => i)
    let comparisons = 0
    const steps = sortSteps(items, (a, b) => {
      comparisons++
      return (keys[a] as number) - (keys[b] as number)
    })
    let most = 0
    let yields = 0
    let sorted: Int32Array
    for (;;) {
      comparisons = 0
      const step = steps.next()
      most = Math.max(most, comparisons)
      if (step.done === true) {
        sorted = step.value
        break
      }
      yields++
    }
    const expected = Array.from({ length: count }, (_, i) => i).toSorted((a, b) => (keys[a] as number) - (keys[b] as number) || a - b)
    expect(Array.from(sorted)).toEqual(expected)
    // a run sorted by the built-in sort (n log n) or SORT_RUN merged items, never the whole array at once
    expect(most).toBeLessThanOrEqual(SORT_RUN * Math.ceil(Math.log2(SORT_RUN) + 1))
    expect(most).toBeLessThan(count)
    expect(yields).toBeGreaterThan((count / SORT_RUN) * 2)
  })
})
