import { describe, expect, it } from 'vitest'
import { lowerTextOf } from './lower-text.ts'
import { asciiBytes } from './record-writer.ts'
import { StoredTable, TableBuilder } from './table.ts'
import type { FieldInfo } from './types.ts'

const FIELDS: FieldInfo[] = [
  { id: 'code', type: 'text' },
  { id: 'kind', type: 'text' },
  { id: 'amount', type: 'numeric' },
  { id: 'note', type: 'text' },
]
// more than the 256 values a column is coded with while loading from its texts
const KINDS = Array.from({ length: 400 }, (_, kind) => `kind ${kind}`)

interface Row {
  code: number
  kind: number | null
  amount: number | null
  note: string | null
}

function rows(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    code: i * 7,
    kind: i % 5 === 0 ? null : (i * 7) % 400,
    amount: i % 4 === 0 ? null : i * 13,
    note: i % 6 === 0 ? null : i % 2 === 0 ? '' : `Note ${i} \u0000 ABC`,
  }))
}

function written(records: Row[], chunkSize: number): StoredTable {
  const builder = new TableBuilder(FIELDS, { chunkSize })
  const writer = builder.recordWriter({ kind: KINDS })
  for (const row of records) {
    writer.digits(row.code, 4)
    writer.end()
    if (row.kind === null) writer.nul()
    else writer.value(row.kind)
    if (row.amount === null) writer.nul()
    else {
      writer.digits(row.amount)
      writer.end()
    }
    if (row.note === null) writer.nul()
    else {
      writer.ascii(row.note)
      writer.end()
    }
    writer.endRecord()
  }
  writer.finish()
  return builder.build() as StoredTable
}

function appended(records: Row[], chunkSize: number): StoredTable {
  const builder = new TableBuilder(FIELDS, { chunkSize })
  for (const row of records) {
    builder.appendTexts([String(row.code).padStart(4, '0'), row.kind === null ? null : (KINDS[row.kind] as string), row.amount === null ? null : String(row.amount), row.note])
  }
  return builder.build() as StoredTable
}

describe('AsciiRecordWriter', () => {
  it('makes the chunks, nulls and column codes that appending the same texts makes, whole chunks and a partial last one', () => {
    for (const [count, chunkSize] of [[0, 4], [1, 4], [23, 4], [24, 8], [300, 64]] as const) {
      const records = rows(count)
      const table = written(records, chunkSize)
      const expected = appended(records, chunkSize)
      expect(table.size).toBe(expected.size)
      expect(table.chunks.map((chunk) => [chunk.first, chunk.count, chunk.text, [...chunk.starts], chunk.fieldEnds])).toEqual(
        expected.chunks.map((chunk) => [chunk.first, chunk.count, chunk.text, [...chunk.starts], chunk.fieldEnds]),
      )
      for (let field = 0; field < FIELDS.length; field++) {
        for (let record = 0; record < count; record++) expect(table.isNull(record, field)).toBe(expected.isNull(record, field))
        const index = table.columnIndex(field)
        const reference = expected.columnIndex(field)
        expect([...index.codes]).toEqual([...reference.codes])
        expect(index.values).toEqual(reference.values)
      }
    }
  })

  it('gives each chunk the lowercase bytes a search would make of its text', () => {
    const records = rows(300)
    const table = written(records, 64)
    const expected = appended(records, 64)
    expect(table.chunks).toHaveLength(5)
    table.chunks.forEach((chunk, index) => {
      const lower = lowerTextOf(table, chunk)
      const reference = lowerTextOf(expected, expected.chunks[index] as (typeof expected.chunks)[number])
      const bytes = lower.bytes?.bytes() ?? new Uint8Array(0)
      const referenceBytes = reference.bytes?.bytes() ?? new Uint8Array(1)
      expect(bytes.length).toBe(referenceBytes.length)
      expect(bytes.findIndex((byte, at) => byte !== referenceBytes[at])).toBe(-1)
    })
  })

  it('refuses what it cannot write: non-ASCII text, a short record, a listed column written as text', () => {
    expect(() => asciiBytes('caf\u00e9')).toThrow(/ASCII/)
    const writer = new TableBuilder(FIELDS).recordWriter({ kind: KINDS })
    writer.digits(1)
    writer.end()
    expect(() => writer.end()).toThrow(/value\(\) or nul\(\)/)
    expect(() => writer.endRecord()).toThrow(/4 fields, got 1/)
    expect(() => writer.value(400)).toThrow(/no value 400/)
  })
})
