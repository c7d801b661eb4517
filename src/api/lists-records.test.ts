import { array, assert, constant, constantFrom, jsonValue, oneof, property, record, string, uniqueArray } from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { JsonValue } from './body-text.ts'
import { isListsRecords, recordsFromLists } from './lists-records.ts'
import { parseResponse } from './parse-response.ts'

const json = (status: number, value: unknown) => ({ status, statusText: '', headers: [['content-type', 'application/json']] as [string, string][], bodyText: JSON.stringify(value), elapsedMs: 1 })

/** A table as a server holds it: unique field ids (any text, `__proto__` and `_id` included) and rows of JSON values. */
const tables = uniqueArray(oneof(string(), constantFrom('_id', '__proto__', 'constructor', 'rank', '0', 'a b')), { minLength: 1, maxLength: 12 }).chain((ids) =>
  record({
    ids: constant(ids),
    rows: array(array(jsonValue({ maxDepth: 2 }), { minLength: ids.length, maxLength: ids.length }), { maxLength: 40 }),
  }),
)

describe('lists -> records', () => {
  it('equals what the same answer in the objects format parses to, for any fields and records', () => {
    assert(
      property(tables, ({ ids, rows }) => {
        const fields = ids.map((id) => ({ id, type: 'text' }))
        const objects = rows.map((row) => Object.fromEntries(ids.map((id, column) => [id, row[column]])))
        const asObjects = parseResponse(json(200, { success: true, result: { records_format: 'objects', fields, records: objects, total: rows.length } }))
        const asLists = parseResponse(json(200, { success: true, result: { records_format: 'lists', fields, records: rows, total: rows.length } }))
        expect(asLists.ok && asObjects.ok).toBe(true)
        if (!asLists.ok || !asObjects.ok) return
        // Same keys in the same order with the same values, and plain objects like JSON.parse makes.
        expect(JSON.stringify(asLists.result.records)).toBe(JSON.stringify(asObjects.result.records))
        for (const rebuilt of asLists.result.records) {
          expect(Object.getPrototypeOf(rebuilt)).toBe(Object.prototype)
          expect(Object.keys(rebuilt).toSorted()).toEqual(ids.toSorted())
        }
        expect(asLists.result.fields).toEqual(asObjects.result.fields)
        expect(asLists.result.total).toBe(asObjects.result.total)
      }),
      { numRuns: 300 },
    )
  })

  it('reads an empty page, and only lists of lists as lists', () => {
    expect(recordsFromLists([], ['_id'])).toEqual({ ok: true, records: [] })
    expect(isListsRecords([])).toBe(false)
    expect(isListsRecords([[1], [2]])).toBe(true)
    expect(isListsRecords([[1], { _id: 2 }] as JsonValue)).toBe(false)
    expect(isListsRecords('1,a\n2,b')).toBe(false)
  })
})
