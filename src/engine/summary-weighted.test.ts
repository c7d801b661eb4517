import { describe, expect, it } from 'vitest'
import { summarizeRecords } from './summary.ts'
import { valueCountStats } from './summary-weighted.ts'
import type { FieldType } from './types.ts'

/** The engine's summary of the records themselves, against the same values given with their counts. */
function bothWays(type: FieldType, counted: Array<[string | number, number]>) {
  const records = counted.flatMap(([value, count]) => Array.from({ length: count }, () => ({ x: value })))
  const summary = summarizeRecords([{ id: 'x', type }], records).fields.find((field) => field.field === 'x')
  const stats = valueCountStats(
    type,
    counted.map(([value, count]) => ({ value, text: String(value), count })),
  )
  return { summary, stats }
}

describe('valueCountStats', () => {
  it('gives the mean and histogram a summary of the records gives, for integers and decimals', () => {
    for (const [type, counted] of [
      ['int4', [[3, 7], [-2, 1], [40, 2]]],
      ['numeric', [[0.5, 3], [-126.25, 2], [19.5, 10], [7, 1]]],
    ] as Array<[FieldType, Array<[number, number]>]>) {
      const { summary, stats } = bothWays(type, counted)
      expect(stats.mean).toBe(summary?.mean)
      expect(stats.histogram).toEqual(summary?.histogram)
    }
  })

  it('gives dates their calendar histogram and no mean', () => {
    const { summary, stats } = bothWays('date', [['2024-01-05', 2], ['2024-03-01', 5], ['2023-12-31', 1]])
    expect(stats.mean).toBeUndefined()
    expect(stats.histogram).toEqual(summary?.histogram)
  })

  it('reads numbers sent as text (int8, numeric) and gives nothing for text fields or unreadable values', () => {
    expect(valueCountStats('int8', [{ value: '120', text: '120', count: 2 }, { value: '-30', text: '-30', count: 3 }]).mean).toBe((240 - 90) / 5)
    expect(valueCountStats('text', [{ value: 'a', text: 'a', count: 2 }])).toEqual({})
    expect(valueCountStats('numeric', [{ value: 'n/a', text: 'n/a', count: 2 }])).toEqual({})
  })
})
