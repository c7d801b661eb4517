import { describe, expect, it } from 'vitest'
import { cheapFirst, everyRecordLoaded, factKind, suggestedFirst, summaryFields } from './summary-plan.ts'

describe('summary plan', () => {
  it('reads CKAN types as numbers, dates, nested values or text', () => {
    expect(['int4', 'numeric', 'float8', 'timestamp', 'date', 'json', '_text', 'text', 'bool'].map(factKind)).toEqual(['number', 'number', 'number', 'date', 'date', 'nested', 'nested', 'text', 'text'])
  })

  it('leaves out _id, and the rank columns only when a text search added them', () => {
    const fields = [{ id: '_id', type: 'int' }, { id: 'rank', type: 'float' }, { id: 'a', type: 'text' }]
    expect(summaryFields(fields, 'x').map((field) => field.id)).toEqual(['a'])
    expect(summaryFields(fields, '').map((field) => field.id)).toEqual(['rank', 'a'])
  })

  it('calls a result complete only from the first record, with an exact total all loaded', () => {
    expect(everyRecordLoaded({ total: 2, records: [1, 2] }, 0)).toBe(true)
    expect(everyRecordLoaded({ total: 3, records: [1, 2] }, 0)).toBe(false)
    expect(everyRecordLoaded({ total: 2, totalWasEstimated: true, records: [1, 2] }, 0)).toBe(false)
    expect(everyRecordLoaded({ records: [1, 2] }, 0)).toBe(false)
    expect(everyRecordLoaded({ total: 2, records: [1, 2] }, 5)).toBe(false)
  })

  it('puts fields with 2 to 30 distinct values first, keeping the order within each group', () => {
    const items = [1, 5, 31, 2, 0].map((distinct, i) => ({ i, summary: { distinct } }))
    expect(suggestedFirst(items).map((item) => item.i)).toEqual([1, 3, 0, 2, 4])
  })

  it('asks for fields with the fewest distinct values in the loaded page first, keeping table order on ties', () => {
    const records = [{ id: 1, a: 'x', b: 'p' }, { id: 2, a: 'x', b: 'q' }, { id: 3, a: 'x', b: 'q' }]
    expect(cheapFirst(['id', 'b', 'a', 'c'], records)).toEqual(['a', 'c', 'b', 'id'])
  })
})
