import { describe, expect, it } from 'vitest'
import { toTsv, tsvCell } from './tsv.ts'

describe('tab-separated copies', () => {
  it('writes the header row, then each record, with raw values', () => {
    const text = toTsv(['name', 'n'], [
      { name: 'a', n: 1234567.5 },
      { name: 'b', n: null },
    ])
    expect(text).toBe('name\tn\r\na\t1234567.5\r\nb\t\r\n')
  })

  it('quotes what would break a row or a cell, as spreadsheets read it', () => {
    expect(tsvCell('tab\there')).toBe('"tab\there"')
    expect(tsvCell('two\nlines')).toBe('"two\nlines"')
    expect(tsvCell('"quoted" start')).toBe('"""quoted"" start"')
    expect(tsvCell('say "hi"')).toBe('say "hi"')
    expect(tsvCell({ a: [1] })).toBe('{"a":[1]}')
    expect(tsvCell(false)).toBe('false')
  })

  it('reads a field by its own name only', () => {
    expect(toTsv(['constructor'], [{}])).toBe('constructor\r\n\r\n')
  })
})
