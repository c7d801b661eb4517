import { describe, expect, it } from 'vitest'
import { engineType, loadedRecordsInput } from './loaded-summary.ts'

describe('loadedRecordsInput', () => {
  it('keeps the engine types of fields whose values fit them', () => {
    const fields = [{ id: 'stage', type: 'text' }, { id: 'n', type: 'int4' }, { id: 'when', type: 'timestamp' }]
    const input = loadedRecordsInput(fields, [{ _id: 1, stage: 'a', n: 3, when: '2020-01-01T00:00:00' }, { _id: 2, stage: null, n: '4', when: null }])
    expect(input.fields).toEqual([{ id: 'stage', type: 'text' }, { id: 'n', type: 'int4' }, { id: 'when', type: 'timestamp' }])
  })

  it('reads unknown live types as the nearest engine type, and values that do not fit as text or json', () => {
    expect(['float4', 'timestamptz', '_text', 'varchar', 'geometry'].map(engineType)).toEqual(['float8', 'timestamp', 'json', 'text', 'text'])
    const fields = [{ id: 'n', type: 'int4' }, { id: 'o', type: 'text' }]
    const input = loadedRecordsInput(fields, [{ n: 'not a number', o: { a: 1 } }, { n: 'x', o: [1] }])
    expect(input.fields.map((field) => field.type)).toEqual(['text', 'json'])
  })
})
