import { describe, expect, it } from 'vitest'
import { matchingRecords } from './execute.ts'
import { asStoredTable, TableBuilder } from './table.ts'
import { tableBytes } from './table-bytes.ts'

function bytesOf(held: ReturnType<typeof tableBytes>, structure: string): number | undefined {
  return held.find((entry) => entry.structure === structure)?.bytes
}

describe('tableBytes', () => {
  it('counts the text, starts, ends, indexes and what a search made, by structure', () => {
    const builder = new TableBuilder([{ id: 'status', type: 'text' }, { id: 'note', type: 'text' }], { chunkSize: 64 })
    const rows = Array.from({ length: 400 }, (_, i) => ({ status: i % 2 === 0 ? 'Open' : 'Closed', note: i % 10 === 0 ? null : `note ${i}` }))
    for (const row of rows) builder.append(row)
    const table = asStoredTable(builder.build())
    let held = tableBytes(table)
    const text = rows.reduce((sum, row) => sum + row.status.length + 1 + (row.note ?? '').length + 1, 0) - 7 // no separator after each chunk's last record (7 chunks)
    expect(bytesOf(held, 'chunk text')).toBe(text)
    expect(bytesOf(held, 'record starts')).toBe(4 * (400 + 7))
    expect(bytesOf(held, 'field ends')).toBe(2 * 400)
    expect(bytesOf(held, 'null bits')).toBe(50)
    // a column coded while loading: a byte a record and its posting starts (3 codes); 360 notes are past the eager limit
    expect(bytesOf(held, 'index of status')).toBe(400 + 4 * 4)
    expect(bytesOf(held, 'index of note')).toBeUndefined()
    expect(bytesOf(held, 'lowercase copies (q)')).toBe(0)
    matchingRecords(table, { needle: 'note', terms: [], filters: [{ field: 0, texts: ['Open'] }], sort: [], offset: 0, limit: 10, includeTotal: true })
    held = tableBytes(table)
    expect(bytesOf(held, 'lowercase copies (q)')).toBeGreaterThan(text)
    // the filter made the posting lists: 4 bytes a record more
    expect(bytesOf(held, 'index of status')).toBe(400 + 4 * 4 + 4 * 400)
  })
})
