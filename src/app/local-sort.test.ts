import { describe, expect, it } from 'vitest'
import { sortRecords } from './local-sort.ts'

const fields = [
  { id: 'name', type: 'text' },
  { id: 'n', type: 'int4' },
]

describe('sortRecords (browser-side sort of a complete result)', () => {
  it('sorts numbers numerically, not as text', () => {
    const records = [{ n: 10 }, { n: 9 }, { n: 100 }]
    expect(sortRecords(records, fields, [{ field: 'n', direction: 'asc' }]).map((r) => r.n)).toEqual([9, 10, 100])
  })

  it('puts nulls last ascending and first descending, like the engine', () => {
    const records = [{ n: 2 }, { n: null }, { n: 1 }]
    expect(sortRecords(records, fields, [{ field: 'n', direction: 'asc' }]).map((r) => r.n)).toEqual([1, 2, null])
    expect(sortRecords(records, fields, [{ field: 'n', direction: 'desc' }]).map((r) => r.n)).toEqual([null, 2, 1])
  })

  it('uses the next key for ties and keeps the input untouched', () => {
    const records = [
      { name: 'b', n: 1 },
      { name: 'a', n: 2 },
      { name: 'a', n: 1 },
    ]
    const sorted = sortRecords(records, fields, [
      { field: 'name', direction: 'asc' },
      { field: 'n', direction: 'desc' },
    ])
    expect(sorted).toEqual([
      { name: 'a', n: 2 },
      { name: 'a', n: 1 },
      { name: 'b', n: 1 },
    ])
    expect(records[0]).toEqual({ name: 'b', n: 1 })
  })

  it('compares text with the locale, so accents sort beside their letter', () => {
    const records = [{ name: 'Zürich' }, { name: 'Économie' }, { name: 'Art' }]
    expect(sortRecords(records, fields, [{ field: 'name', direction: 'asc' }]).map((r) => r.name)).toEqual(['Art', 'Économie', 'Zürich'])
  })
})
