import { describe, expect, it } from 'vitest'
import { mergeFacts, type FieldSummary } from './shown-summary.ts'

const loaded: FieldSummary = {
  field: 'n',
  type: 'int4',
  count: 10,
  empty: 1,
  distinct: 4,
  top: [{ value: 1, text: '1', count: 5 }],
  min: 1,
  max: 9,
  mean: 4,
  histogram: { unit: 'number', bins: [{ lower: 0, upper: 10, label: '0–10', count: 9 }] },
}

describe('mergeFacts', () => {
  it('puts every exact number in place and says which parts are exact; every value counted makes the mean and histogram exact', () => {
    const values = [{ value: 2, text: '2', count: 30 }, { value: 1, text: '1', count: 20 }]
    const shown = mergeFacts(loaded, 10, { requests: 3, distinct: 2, values, empty: 10, range: { min: 1, max: 2 } }, 60)
    expect(shown.summary).toMatchObject({ distinct: 2, top: values, empty: 10, min: 1, max: 2, mean: (2 * 30 + 1 * 20) / 50 })
    expect(shown.summary.histogram?.bins.map((bin) => [bin.label, bin.count])).toEqual([
      ['1', 20],
      ['2', 30],
    ])
    expect(shown.exact).toEqual(['distinct', 'top', 'mean', 'histogram', 'empty', 'range'])
    expect([shown.matching, shown.loaded, shown.requests, shown.pending]).toEqual([60, 10, 3, false])
  })

  it('with many values keeps the loaded top values and empties beside the exact distinct count and range', () => {
    const shown = mergeFacts(loaded, 10, { requests: 2, distinct: 400, range: { min: 0, max: 99 } }, 1000)
    expect(shown.summary).toMatchObject({ distinct: 400, top: loaded.top, empty: 1, min: 0, max: 99 })
    expect(shown.exact).toEqual(['distinct', 'range'])
    expect(shown.summary).toMatchObject({ mean: 4, histogram: loaded.histogram })
  })

  it('needs the matching total for exact counts: without it, top values and empties stay the loaded ones', () => {
    const shown = mergeFacts(loaded, 10, { requests: 4, distinct: 2, values: [{ value: 1, text: '1', count: 7 }], empty: 3 }, undefined)
    expect(shown.exact).toEqual(['distinct'])
    expect(shown.summary.top).toEqual(loaded.top)
  })
})
