// Indexes a table gets other than by coding a column from its text: a prefix table taken while
// loading (TableBuilder.snapshot) indexes its eagerly coded columns from the codes given so far, and a
// column the loader says is unique is numbered in record order. Each must equal the coded index.
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { codesFromTexts } from './column-index.ts'
import { asStoredTable, TableBuilder } from './table.ts'
import type { FieldInfo } from './types.ts'

const fields: FieldInfo[] = [
  { id: 'kind', type: 'text' },
  { id: 'n', type: 'int4' },
]

/** Per record, the text of the column as its index sees it (null for a null cell). */
function cellsOf(table: ReturnType<typeof asStoredTable>, field: number): (string | null)[] {
  const index = table.columnIndex(field)
  return Array.from(index.codes, (code) => (code === 0 ? null : (index.values[code] as string)))
}

describe('a snapshot taken while loading', () => {
  it('has the indexes of a table of the prefix alone: codes, values held, counts, lookups (values first seen later are unknown)', () => {
    const record = fc.record({ kind: fc.option(fc.constantFrom('a', 'b', 'c', 'd', 'e', ''), { nil: null }), n: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }) })
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 60 }), fc.integer({ min: 1, max: 7 }), (records, chunkSize) => {
        const builder = new TableBuilder(fields, { chunkSize })
        const snapshots: ReturnType<typeof asStoredTable>[] = []
        for (const row of records) {
          builder.append(row)
          if (builder.finishedChunks() > snapshots.length) snapshots.push(asStoredTable(builder.snapshot()))
        }
        const whole = asStoredTable(builder.build())
        for (const prefix of snapshots) {
          const alone = new TableBuilder(fields, { chunkSize })
          for (const row of records.slice(0, prefix.size)) alone.append(row)
          const expected = asStoredTable(alone.build())
          for (let field = 0; field < fields.length; field++) {
            const index = prefix.columnIndex(field)
            const want = expected.columnIndex(field)
            expect(cellsOf(prefix, field)).toEqual(cellsOf(expected, field))
            expect(index.values.slice(1).toSorted()).toEqual(want.values.slice(1).toSorted())
            for (const text of ['a', 'b', 'c', 'd', 'e', '', '0', '3', '6', 'zz']) {
              const code = index.codeFor(text)
              const postings = code === undefined ? [] : [...index.postings.subarray(index.postingStarts[code], index.postingStarts[code + 1])]
              const wantCode = want.codeFor(text)
              expect(postings).toEqual(wantCode === undefined ? [] : [...want.postings.subarray(want.postingStarts[wantCode], want.postingStarts[wantCode + 1])])
              expect(code === undefined).toBe(wantCode === undefined)
            }
          }
        }
        expect(cellsOf(whole, 0)).toEqual(records.map((row) => row.kind))
      }),
      { numRuns: 300 },
    )
  })
})

describe('a column the loader says is unique', () => {
  it('has the index coding its text gives: codes, values, postings, lookups (nulls included)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.option(fc.string({ maxLength: 4 }), { nil: null }), { maxLength: 50 }), fc.integer({ min: 1, max: 7 }), (ids, chunkSize) => {
        const builder = new TableBuilder([{ id: 'id', type: 'text' }, { id: 'n', type: 'int4' }], { chunkSize, uniqueColumns: ['id'] })
        ids.forEach((id, n) => builder.append({ id, n }))
        const table = asStoredTable(builder.build())
        const index = table.columnIndex(0)
        const expected = codesFromTexts(ids)
        expect([Array.from(index.codes), index.values, Array.from(index.postings), Array.from(index.postingStarts)]).toEqual([
          Array.from(expected.codes),
          expected.values,
          Array.from(expected.postings),
          Array.from(expected.postingStarts),
        ])
        for (const text of [...ids.filter((id) => id !== null), 'absent!']) expect(index.codeFor(text)).toBe(expected.codeFor(text))
        expect(table.columnIndex(0)).toBe(index)
      }),
      { numRuns: 300 },
    )
  })

  it('is built in steps when asked in steps (idle work must not hold the worker), sharing one build with a caller that needs it at once', () => {
    const count = 200_000
    const builder = new TableBuilder([{ id: 'id', type: 'text' }], { uniqueColumns: ['id'] })
    for (let n = 0; n < count; n++) builder.append({ id: `case-${n}` })
    const table = asStoredTable(builder.build())
    const steps = table.columnIndexSteps(0)
    let yields = 0
    for (; yields < 2; yields++) expect(steps.next().done).toBe(false)
    // a search needing the index now continues the same build
    const index = table.columnIndex(0)
    expect(index.values.length).toBe(count + 1)
    expect(index.codeFor('case-199999')).toBe(count)
    let rest = steps.next()
    while (rest.done !== true) rest = steps.next()
    expect(rest.value).toBe(index)

    const fresh = asStoredTable((() => {
      const again = new TableBuilder([{ id: 'id', type: 'text' }], { uniqueColumns: ['id'] })
      for (let n = 0; n < count; n++) again.append({ id: `case-${n}` })
      return again.build()
    })())
    const stepped = fresh.columnIndexSteps(0)
    let taken = 0
    let step = stepped.next()
    while (step.done !== true) {
      taken++
      step = stepped.next()
    }
    expect(taken).toBeGreaterThan(2)
    expect(Array.from(step.value.codes)).toEqual(Array.from(index.codes))
    expect(fresh.columnIndex(0)).toBe(step.value)
  })
})

describe('a full chunk finished in a step of its own', () => {
  it('waits for finishFullChunk (or the next full chunk, a snapshot, build) and makes the same table whenever it is called', () => {
    const record = fc.record({ kind: fc.option(fc.constantFrom('a', 'b', 'long text, with a comma'), { nil: null }), n: fc.option(fc.integer({ min: 0, max: 9 }), { nil: null }) })
    fc.assert(
      fc.property(fc.array(fc.tuple(record, fc.boolean()), { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 6 }), (steps, chunkSize) => {
        const builder = new TableBuilder(fields, { chunkSize })
        // per record: whether a chunk waits, and when asked to finish it: whether one did, then the chunks finished
        const seen: (boolean | number)[][] = []
        const expected: (boolean | number)[][] = []
        let appended = 0
        let waiting = false
        for (const [row, finishNow] of steps) {
          builder.append(row)
          appended++
          // a chunk just filled waits until asked for (one filled before it is then finished)
          if (appended % chunkSize === 0) waiting = true
          seen.push(finishNow ? [builder.hasFullChunk(), builder.finishFullChunk(), builder.hasFullChunk(), builder.finishedChunks()] : [builder.hasFullChunk()])
          expected.push(finishNow ? [waiting, waiting, false, Math.floor(appended / chunkSize)] : [waiting])
          if (finishNow) waiting = false
        }
        expect(seen).toEqual(expected)
        const table = asStoredTable(builder.build())
        expect(table.chunks.map((chunk) => chunk.first)).toEqual(Array.from({ length: Math.ceil(steps.length / chunkSize) }, (_, at) => at * chunkSize))
        const rows = steps.map(([row]) => row)
        for (let at = 0; at < rows.length; at++) {
          const { kind, n } = rows[at] as (typeof rows)[number]
          expect(table.fieldTexts(at, [0, 1])).toEqual([kind, n === null ? null : String(n)])
        }
      }),
      { numRuns: 300 },
    )
  })

  it('is built in steps (the last chunk, then each coded column\'s index) into the table build() makes', () => {
    const rows = Array.from({ length: 50 }, (_, at) => ({ kind: at % 3 === 0 ? null : `k${at % 5}`, n: at % 7 }))
    const atOnce = new TableBuilder(fields, { chunkSize: 8 })
    const inSteps = new TableBuilder(fields, { chunkSize: 8 })
    for (const row of rows) {
      atOnce.append(row)
      inSteps.append(row)
    }
    const steps = inSteps.buildSteps()
    let yields = 0
    let step = steps.next()
    for (; step.done !== true; step = steps.next()) yields++
    expect(yields).toBeGreaterThan(fields.length)
    const stepped = asStoredTable(step.value)
    const whole = asStoredTable(atOnce.build())
    expect(stepped.chunks.map((chunk) => chunk.text)).toEqual(whole.chunks.map((chunk) => chunk.text))
    for (let field = 0; field < fields.length; field++) expect(cellsOf(stepped, field)).toEqual(cellsOf(whole, field))
  })
})
