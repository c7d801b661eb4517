import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { CSV_BOM } from './csv.ts'
import { createWriter, type ExportFormat } from './formats.ts'

const FIELDS = ['_id', 'subject', 'stage']
const PAGE_1 = [
  { _id: 1, subject: 'Biology', stage: 'active' },
  { _id: 2, subject: '=cmd', stage: null },
]
const PAGE_2 = [{ _id: 3, subject: 'Physics, "applied"', stage: 'draft' }]

function write(format: ExportFormat, pages: (typeof PAGE_1)[]): string {
  const writer = createWriter(format)
  return pages.map((page) => writer.page(page, FIELDS)).join('') + writer.end()
}

describe('export writers', () => {
  it('JSON: pages joined make one array of every record', () => {
    expect(JSON.parse(write('json', [PAGE_1, PAGE_2]))).toEqual([...PAGE_1, ...PAGE_2])
    expect(JSON.parse(write('json', []))).toEqual([])
    expect(JSON.parse(write('json', [[], PAGE_2]))).toEqual(PAGE_2)
  })

  it('NDJSON: one record per line', () => {
    const lines = write('ndjson', [PAGE_1, PAGE_2]).split('\n')
    expect(lines.pop()).toBe('')
    expect(lines.map((line) => JSON.parse(line))).toEqual([...PAGE_1, ...PAGE_2])
  })

  it('CSV: a BOM, one header, then every record once', () => {
    const text = write('csv', [PAGE_1, PAGE_2])
    expect(text.startsWith(CSV_BOM + '_id,subject,stage\r\n')).toBe(true)
    const rows = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data
    expect(rows).toEqual([FIELDS, ['1', 'Biology', 'active'], ['2', "'=cmd", ''], ['3', 'Physics, "applied"', 'draft']])
  })
})
