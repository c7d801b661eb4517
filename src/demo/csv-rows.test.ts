import { describe, expect, it } from 'vitest'
import { CsvRowReader, CsvSyntaxError, type CsvRow } from './csv-rows.ts'

function readInChunks(text: string, size: number): CsvRow[] {
  const reader = new CsvRowReader()
  const rows: CsvRow[] = []
  for (let at = 0; at < text.length; at += size) rows.push(...reader.push(text.slice(at, at + size)))
  rows.push(...reader.end())
  return rows
}

describe('CsvRowReader', () => {
  const text = 'a,b\r\n"x, with comma","say ""hi"""\r\n"two\r\nlines",z\r\n3,4\r\n'

  it('parses quotes, escaped quotes, embedded newlines and CRLF, with the line each row starts on', () => {
    expect(readInChunks(text, 1 << 20)).toEqual([
      { cells: ['a', 'b'], line: 1 },
      { cells: ['x, with comma', 'say "hi"'], line: 2 },
      { cells: ['two\r\nlines', 'z'], line: 3 },
      { cells: ['3', '4'], line: 5 },
    ])
  })

  it('gives the same rows whatever the chunk boundaries', () => {
    const whole = readInChunks(text, 1 << 20)
    for (let size = 1; size <= text.length; size++) expect(readInChunks(text, size)).toEqual(whole)
  })

  it('removes a byte order mark and reads a last line without a newline', () => {
    expect(readInChunks('\ufeffid,name\n1,Zoë', 3)).toEqual([
      { cells: ['id', 'name'], line: 1 },
      { cells: ['1', 'Zoë'], line: 2 },
    ])
  })

  it('handles CRLF lines after a first line that ends in LF', () => {
    expect(readInChunks('a,b\n1,2\r\n3,4\r\n', 4).map((row) => row.cells)).toEqual([['a', 'b'], ['1', '2'], ['3', '4']])
  })

  it('names the line of an unterminated quoted value', () => {
    const reader = new CsvRowReader()
    reader.push('a,b\n1,2\n3,"never closed\n4,5\n')
    expect(() => reader.end()).toThrow(new CsvSyntaxError('line 3: a quoted value is never closed (missing closing quote)', 3))
  })

  it('names the line of a quote that closes a value too early', () => {
    expect(() => readInChunks('a,b\n1,2\n3,4\n"bad"x,5\n', 5)).toThrow(/^line 4: malformed quotes/)
  })
})
