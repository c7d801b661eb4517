import { array, assert, constantFrom, dictionary, jsonValue, oneof, property, string, uniqueArray } from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { JsonValue } from './body-text.ts'
import { batchTransferables, fromColumns, packColumns, plainRecords, toColumns, unpackColumns } from './record-columns.ts'

type Rec = { [field: string]: JsonValue }

const keyNames = oneof(string({ maxLength: 6 }), constantFrom('_id', '__proto__', 'constructor', 'toString', '0', 'a b'))
/** Records as servers send them: mostly the declared fields, sometimes one missing or an extra key. */
const pages = uniqueArray(keyNames, { minLength: 1, maxLength: 8 }).chain((ids) =>
  array(dictionary(constantFrom(...ids, 'extra'), oneof(jsonValue({ maxDepth: 2 }), constantFrom(-0, 1e21, 0.1, '', 'é名\u2028'))), { maxLength: 30 }).map((records) => ({
    ids,
    records: records as Rec[],
  })),
)

const roundTrip = (records: Rec[], ids: string[]) => {
  const { count, columns } = toColumns(records, ids)
  // As postMessage would carry them: packed in parts (here two), buffers transferred.
  const half = Math.ceil(columns.length / 2)
  const parts = [columns.slice(0, half), columns.slice(half)].map((part) => packColumns(part, count))
  const received = parts.map((part) => structuredClone(part, { transfer: batchTransferables(part) }))
  return fromColumns({ count, columns: received.flatMap(unpackColumns) })
}

describe('record columns', () => {
  it('give back records that read exactly like the originals, for any keys and JSON values', () => {
    assert(
      property(pages, ({ ids, records }) => {
        const views = roundTrip(records, ids)
        expect(views).toHaveLength(records.length)
        records.forEach((record, row) => {
          const view = views[row] ?? {}
          const keys = Object.keys(record)
          expect(Object.keys(view).toSorted()).toEqual(keys.toSorted())
          for (const key of keys) {
            expect(Object.hasOwn(view, key)).toBe(true)
            expect(key in view).toBe(true)
            expect(Object.is(view[key], record[key]) || JSON.stringify(view[key]) === JSON.stringify(record[key])).toBe(true)
          }
          expect(Object.hasOwn(view, 'missing-key')).toBe(false)
          expect(Object.getPrototypeOf(view)).toBe(Object.prototype)
          expect(JSON.parse(JSON.stringify(view))).toEqual(JSON.parse(JSON.stringify(record)))
          // Nested -0 reads back as 0, as JSON.stringify writes it anyway.
          expect(JSON.parse(JSON.stringify({ ...view }))).toEqual(JSON.parse(JSON.stringify(record)))
        })
      }),
      { numRuns: 300 },
    )
  })

  it('keep -0, big numbers and nested values exact, and put declared fields first', () => {
    const [view] = roundTrip([{ extra: 1, b: -0, a: { x: [1, null] }, c: 1e21 }], ['a', 'b', 'c'])
    expect(Object.keys(view ?? {})).toEqual(['a', 'b', 'c', 'extra'])
    expect(Object.is(view?.b, -0)).toBe(true)
    expect(view?.c).toBe(1e21)
    expect(view?.a).toEqual({ x: [1, null] })
  })

  it('copy out as plain records that postMessage can clone, equal to the originals', () => {
    assert(
      property(pages, ({ ids, records }) => {
        const plain = plainRecords(roundTrip(records, ids))
        expect(() => structuredClone(plain)).not.toThrow()
        expect(JSON.parse(JSON.stringify(plain))).toEqual(JSON.parse(JSON.stringify(records)))
        plain.forEach((record, row) => expect(Object.keys(record).toSorted()).toEqual(Object.keys(records[row] ?? {}).toSorted()))
      }),
      { numRuns: 100 },
    )
    expect(() => structuredClone(roundTrip([{ a: 1 }], ['a']))).toThrow(/could not be cloned|DataCloneError|#<Object>/)
  })

  it('are read-only', () => {
    const [view] = roundTrip([{ a: 1 }], ['a'])
    expect(() => Object.assign(view ?? {}, { a: 2 })).toThrow(TypeError)
    expect(view?.a).toBe(1)
  })
})

describe('the list of records from columns', () => {
  const ids = ['_id', 'name']
  const records: Rec[] = Array.from({ length: 50 }, (_, row) => ({ _id: row + 1, name: `n${row}` }))

  it('is an array that reads like the plain one: indexing, slicing, mapping, spreading, iterating, JSON', () => {
    const list = roundTrip(records, ids)
    expect(Array.isArray(list)).toBe(true)
    expect(list).toHaveLength(50)
    expect(list[49]).toEqual({ _id: 50, name: 'n49' })
    expect(list[50]).toBeUndefined()
    expect(list.at(-1)?.name).toBe('n49')
    expect(list.slice(10, 12)).toEqual([records[10], records[11]])
    expect(list.map((record) => record._id)).toEqual(records.map((record) => record._id))
    expect([...list]).toEqual(records)
    expect(Object.keys(list)).toEqual(Object.keys(records))
    expect(10 in list).toBe(true)
    expect(50 in list).toBe(false)
    expect(JSON.stringify(list)).toBe(JSON.stringify(records))
  })

  it('gives the same record object for a row every time, and cannot be changed', () => {
    const list = roundTrip(records, ids)
    expect(list[3]).toBe(list[3])
    expect(() => {
      'use strict'
      list[0] = { _id: 0 }
    }).toThrow(TypeError)
    expect(() => list.push({ _id: 0 })).toThrow(TypeError)
    expect(list).toHaveLength(50)
  })
})
