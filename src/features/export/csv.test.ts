import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import type { DatastoreRecord } from '../../api/parse-response.ts'
import { csvCell, csvHeader, csvRows } from './csv.ts'

describe('csvCell', () => {
  it('quotes a value holding a comma, a quote or a line break, doubling quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('plain text')).toBe('plain text')
  })

  it('defuses text that a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t']) expect(csvCell(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`)
    expect(csvCell('\rSUM(A1)')).toBe(`"'\rSUM(A1)"`)
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`)
    expect(csvCell('a=b')).toBe('a=b')
  })

  it('defuses a formula start after leading spaces, and the full-width signs', () => {
    for (const text of [' =1+1', '   +1', '\u00a0-1', '\u3000@SUM(A1)', '\n=1+1', '＝1+1', '＋1', '－1', '＠SUM(A1)', ' ＝1+1']) {
      expect(csvCell(text)).toMatch(/^"?'/)
      expect(csvCell(text).replace(/^"|"$/g, '')).toBe(`'${text}`)
    }
    for (const text of [' a=b', '1+1', ' 1-2', 'x＝1', 'ab＝c']) expect(csvCell(text)).toBe(text)
  })

  it('writes numbers, booleans, null and JSON values as themselves', () => {
    expect(csvCell(-5)).toBe('-5')
    expect(csvCell(1.5)).toBe('1.5')
    expect(csvCell(true)).toBe('true')
    expect(csvCell(null)).toBe('')
    expect(csvCell({ a: [1, 'x'] })).toBe('"{""a"":[1,""x""]}"')
  })
})

describe('csvHeader and csvRows', () => {
  it('give RFC 4180 lines that a CSV parser reads back to the same cells', () => {
    const fields = ['_id', 'name', 'note, with comma']
    const records: DatastoreRecord[] = [
      { _id: 1, name: 'Zürich "Nord"', 'note, with comma': 'line1\r\nline2' },
      { _id: 2, name: null, 'note, with comma': '' },
      { _id: 3, name: '東京' },
    ]
    const text = csvHeader(fields) + csvRows(records, fields)
    expect(text.endsWith('\r\n')).toBe(true)
    const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true })
    expect(parsed.errors).toEqual([])
    expect(parsed.data).toEqual([fields, ['1', 'Zürich "Nord"', 'line1\r\nline2'], ['2', '', ''], ['3', '東京', '']])
  })

  it('never takes an inherited property for a missing field', () => {
    expect(csvRows([{ a: 1 }], ['a', 'constructor'])).toBe('1,\r\n')
  })
})
