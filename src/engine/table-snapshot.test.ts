// A prefix table taken while loading (TableBuilder.snapshot) indexes its eagerly coded columns from
// the codes given so far: its indexes must be those of a table built from the prefix's records alone.
import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
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
