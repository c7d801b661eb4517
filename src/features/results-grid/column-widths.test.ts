import { describe, expect, it } from 'vitest'
import { columnWidths } from './column-widths.ts'

/** Records that count the cells read. */
function countingRecords(rows: number, fields: readonly string[]) {
  const reads = { count: 0 }
  const records = Array.from({ length: rows }, (_, row) => {
    const record = Object.fromEntries(fields.map((field) => [field, `${field}-${row}`]))
    return new Proxy(record, {
      get: (target, key, receiver) => {
        reads.count++
        return Reflect.get(target, key, receiver)
      },
    })
  })
  return { records, reads }
}

describe('columnWidths', () => {
  it('guesses from the header and a sample of the values, numbers narrower than text', () => {
    const fields = [
      { id: 'n', type: 'int4' },
      { id: 'description', type: 'text' },
    ]
    const [number = 0, text = 0] = columnWidths(fields, [{ n: 5, description: 'x'.repeat(30) }])
    expect(number).toBeGreaterThanOrEqual(64)
    expect(text).toBeGreaterThan(number)
  })

  it('reads a bounded number of cells, however many fields an answer has', () => {
    const ids = Array.from({ length: 10_000 }, (_, index) => `f${index}`)
    const { records, reads } = countingRecords(20, ids)
    const widths = columnWidths(
      ids.map((id) => ({ id, type: 'text' })),
      records,
    )
    expect(widths).toHaveLength(10_000)
    expect(reads.count).toBeLessThanOrEqual(10_000)

    const narrow = countingRecords(100, ['a', 'b'])
    columnWidths(
      [
        { id: 'a', type: 'text' },
        { id: 'b', type: 'text' },
      ],
      narrow.records,
    )
    expect(narrow.reads.count).toBe(120)
  })
})
