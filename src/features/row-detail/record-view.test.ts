import { describe, expect, it } from 'vitest'
import { recordJson, recordLines, recordTitle } from './record-view.ts'

const fields = [
  { id: '_id', type: 'int' },
  { id: 'name', type: 'text' },
  { id: 'tags', type: 'json' },
  { id: 'note', type: 'text' },
  { id: 'score', type: 'numeric' },
]

describe('record view', () => {
  it('lists every field in column order with its value as exact text', () => {
    const long = 'x'.repeat(500)
    const lines = recordLines(fields, { _id: 7, name: long, tags: ['a', 'b'], note: '', score: 2.5 })
    expect(lines.map((line) => [line.field, line.kind, line.filterValue])).toEqual([
      ['_id', 'value', '7'],
      ['name', 'value', long],
      ['tags', 'json', undefined],
      ['note', 'empty', ''],
      ['score', 'value', '2.5'],
    ])
    expect(lines[2]?.text).toBe('[\n  "a",\n  "b"\n]')
  })

  it('shows a missing or null field as null, and keeps fields the columns do not name', () => {
    const lines = recordLines(fields.slice(0, 2), { _id: 1, constructor: 'own', extra: 3 })
    expect(lines.map((line) => [line.field, line.text])).toEqual([
      ['_id', '1'],
      ['name', 'null'],
      ['constructor', 'own'],
      ['extra', '3'],
    ])
  })

  it('is titled by _id, or by row when the answer has no _id', () => {
    expect(recordTitle({ _id: 42 }, 0)).toBe('Record 42')
    expect(recordTitle({ name: 'x' }, 4)).toBe('Record at row 5')
    expect(JSON.parse(recordJson({ _id: 1, a: 'ü' }))).toEqual({ _id: 1, a: 'ü' })
  })
})
