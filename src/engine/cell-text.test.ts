import { describe, expect, it } from 'vitest'
import { cellToText, textToCell } from './cell-text.ts'

describe('cell text', () => {
  it('writes dates and timestamps the CKAN 2.11 way, keeping other text as given', () => {
    const date = { id: 'd', type: 'date' as const }
    const timestamp = { id: 't', type: 'timestamp' as const }
    expect(cellToText(date, '2011-01-01')).toBe('2011-01-01')
    expect(cellToText(date, '2011-01-01T10:00:00')).toBe('2011-01-01')
    expect(cellToText(date, 'someday')).toBe('someday')
    expect(cellToText(timestamp, '2005-03-01')).toBe('2005-03-01T00:00:00')
    expect(cellToText(timestamp, '2020-01-02 03:04')).toBe('2020-01-02T03:04:00')
    expect(cellToText(timestamp, '2020-01-02T03:04:05.250')).toBe('2020-01-02T03:04:05.250')
    expect(cellToText(timestamp, 'not a time')).toBe('not a time')
  })

  it('numbers keep their JSON text and come back as numbers; bad numbers name the field', () => {
    const field = { id: 'amount', type: 'numeric' as const }
    expect(cellToText(field, '10.50')).toBe('10.5')
    expect(textToCell('numeric', '10.5')).toBe(10.5)
    expect(() => cellToText(field, 'abc')).toThrow('Field "amount" (numeric): expected a number, got "abc"')
    expect(() => cellToText({ id: 'ok', type: 'bool' }, 'maybe')).toThrow('Field "ok" (bool)')
  })

  it('json cells round-trip', () => {
    expect(textToCell('json', cellToText({ id: 'j', type: 'json' }, { a: [1, 'x'] }))).toEqual({ a: [1, 'x'] })
  })
})
