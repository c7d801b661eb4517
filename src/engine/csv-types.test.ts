import { describe, expect, it } from 'vitest'
import { coerceRow, inferFieldTypes } from './csv-types.ts'

describe('inferFieldTypes', () => {
  it('types a column by every non-empty value, conservatively', () => {
    const header = ['small', 'big', 'money', 'zip', 'mixed', 'empty', 'exp']
    const rows = [
      ['1', '3000000000', '1.50', '007', '1', '', '1e5'],
      ['-20', '12', '2', '12345', 'x', '', '2'],
      ['', '', '', '', '', '', ''],
    ]
    expect(inferFieldTypes(header, rows)).toEqual([
      { id: 'small', type: 'int4' },
      { id: 'big', type: 'int8' },
      { id: 'money', type: 'numeric' },
      { id: 'zip', type: 'text' },
      { id: 'mixed', type: 'text' },
      { id: 'empty', type: 'text' },
      { id: 'exp', type: 'text' },
    ])
  })

  it('keeps text when a number would lose digits or its sign spelling', () => {
    expect(inferFieldTypes(['a', 'b', 'c', 'd'], [['12345678901234567890', '0.12345678901234567', '+5', '-0']]).map((f) => f.type)).toEqual([
      'text', 'text', 'text', 'text',
    ])
  })
})

describe('coerceRow', () => {
  const fields = [
    { id: 'n', type: 'int4' as const },
    { id: 'x', type: 'numeric' as const },
    { id: 't', type: 'text' as const },
  ]

  it('turns numbers into numbers, empty number cells into null, keeps empty text as ""', () => {
    expect(coerceRow(fields, ['5', '1.25', 'hi'])).toEqual({ n: 5, x: 1.25, t: 'hi' })
    expect(coerceRow(fields, ['', '', ''])).toEqual({ n: null, x: null, t: '' })
  })

  it('fills missing trailing cells with null', () => {
    expect(coerceRow(fields, ['1'])).toEqual({ n: 1, x: null, t: null })
  })
})
