import { describe, expect, it } from 'vitest'
import { cellToText } from './cell-text.ts'
import { coerceRow, csvRowEncoder, inferFieldTypes } from './csv-types.ts'
import type { FieldInfo } from './types.ts'

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

describe('dates and timestamps', () => {
  it('types ISO dates as date and ISO timestamps as timestamp, checked against the calendar', () => {
    const header = ['day', 'at', 'mixed', 'feb30', 'hour24', 'slashes', 'code']
    const rows = [
      ['2024-02-29', '2024-01-02T03:04', '2024-01-02', '2023-02-30', '2024-01-01T24:00', '2024/01/02', '00501'],
      ['', '2024-01-02T03:04:05.25', '2024-01-02T10:00:00', '2024-01-01', '2024-01-01T10:00', '2024/01/03', '02134'],
      ['1999-12-31', '', '', '', '', '', ''],
    ]
    expect(inferFieldTypes(header, rows).map((field) => field.type)).toEqual(['date', 'timestamp', 'timestamp', 'text', 'text', 'text', 'text'])
  })

  it('keeps a column text when dates mix with numbers, and 2023-02-29 is not a date', () => {
    expect(inferFieldTypes(['a', 'b'], [['2024-01-01', '2023-02-29'], ['5', '']]).map((f) => f.type)).toEqual(['text', 'text'])
  })

  it('writes timestamps as CKAN returns them, empty cells as null', () => {
    const fields = [
      { id: 'd', type: 'date' as const },
      { id: 't', type: 'timestamp' as const },
    ]
    expect(coerceRow(fields, ['2024-01-02', '2024-01-02T03:04'])).toEqual({ d: '2024-01-02', t: '2024-01-02T03:04:00' })
    expect(coerceRow(fields, ['2024-01-02', '2024-01-02T03:04:05.25'])).toEqual({ d: '2024-01-02', t: '2024-01-02T03:04:05.250000' })
    expect(coerceRow(fields, ['', '2024-01-02'])).toEqual({ d: null, t: '2024-01-02T00:00:00' })
    expect(coerceRow(fields, ['2024-01-02', '2024-01-02T03:04:05.000'])).toEqual({ d: '2024-01-02', t: '2024-01-02T03:04:05' })
  })

  it('names the field when a later row breaks the type the sample gave', () => {
    expect(() => coerceRow([{ id: 'when', type: 'date' }], ['next week'])).toThrow('Field "when" (date): expected YYYY-MM-DD, got "next week"')
  })
})

describe('csvRowEncoder', () => {
  it('gives the stored text of what coerceRow makes, without a row object, and names the field of a bad value', () => {
    const fields: FieldInfo[] = [
      { id: 'n', type: 'numeric' },
      { id: 't', type: 'text' },
      { id: 'd', type: 'date' },
      { id: 'i', type: 'int4' },
    ]
    const encode = csvRowEncoder(fields)
    const out: (string | null)[] = []
    for (const raw of [['1.50', 'x, y', '2024-02-29', '7'], ['', '', '', ''], ['-2', 'z']]) {
      encode(raw, out)
      const record = coerceRow(fields, raw)
      expect(out).toEqual(fields.map((field) => cellToText(field, record[field.id])))
    }
    expect(() => encode(['1', 'a', 'soon', '2'], out)).toThrow('Field "d" (date)')
  })
})
