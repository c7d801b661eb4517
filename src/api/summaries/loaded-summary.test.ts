import { describe, expect, it } from 'vitest'
import { engineType, summarizeLoaded } from './loaded-summary.ts'

describe('summarizeLoaded', () => {
  it('summarises the records on hand with the engine: counts, empties, top values, range', () => {
    const fields = [{ id: 'stage', type: 'text' }, { id: 'n', type: 'int4' }]
    const records = [{ _id: 1, stage: 'a', n: 3 }, { _id: 2, stage: 'b', n: null }, { _id: 3, stage: 'a', n: 1 }, { _id: 4, stage: '', n: 7 }]
    const [stage, n] = summarizeLoaded(fields, records).fields
    expect([stage?.distinct, stage?.empty, stage?.top.map((value) => [value.text, value.count])]).toEqual([2, 1, [['a', 2], ['b', 1]]])
    expect([n?.min, n?.max, n?.empty]).toEqual([1, 7, 1])
  })

  it('reads unknown live types as the nearest engine type, and values that do not fit as text or json', () => {
    expect(['float4', 'timestamptz', '_text', 'varchar', 'geometry'].map(engineType)).toEqual(['float8', 'timestamp', 'json', 'text', 'text'])
    const fields = [{ id: 'n', type: 'int4' }, { id: 'o', type: 'text' }]
    const summary = summarizeLoaded(fields, [{ n: 'not a number', o: { a: 1 } }, { n: 'x', o: [1] }])
    expect(summary.fields.map((field) => field.type)).toEqual(['text', 'json'])
  })
})
