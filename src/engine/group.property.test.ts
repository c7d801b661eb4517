// The engine's grouping against a naive oracle on random tables and random q/filters: keys (plain,
// and dates cut by year, month, day), every measure, both orders, the top cut and the `other` row,
// the number of groups. Tiny chunk sizes make small tables span many chunks. Numbers are quarters,
// so every sum is exact in floating point whatever the order of addition.

import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { groupRecords, groupTable } from './group.ts'
import { GroupRequestError } from './group-request.ts'
import { TableBuilder, type TableOptions } from './table.ts'
import { oracleGroups, type OracleGroupRequest } from './test-support/group-oracle.ts'
import { oracleMatches } from './test-support/summary-oracle.ts'
import type { CellValue, FieldInfo, FieldType, RecordObject } from './types.ts'

const TEXTS = ['a', 'A', 'b', 'é', 'É', 'ß', '', ' ', 'ab', 'z1']
const DATES = ['2020-01-02', '2019-12-31', '2020-01-20', '2020-02-29', '2021-06-15', '1999-07-04', '2020-01-03']
const TYPES: FieldType[] = ['text', 'text', 'int4', 'numeric', 'float8', 'bool', 'date', 'timestamp']
const NAMES = ['a', 'b', 'é', 'x y', 'num']
const NUMERIC = new Set(['int4', 'numeric', 'float8'])

function valueArbitrary(type: FieldType): fc.Arbitrary<CellValue> {
  const value: fc.Arbitrary<CellValue> = (() => {
    switch (type) {
      case 'int4':
        return fc.integer({ min: -5, max: 5 }).map((n) => (n === 0 ? 0 : n))
      case 'numeric':
      case 'float8':
        return fc.integer({ min: -40, max: 40 }).map((n) => (n === 0 ? 0 : n / 4))
      case 'bool':
        return fc.boolean()
      case 'date':
        return fc.constantFrom(...DATES)
      case 'timestamp':
        return fc.constantFrom(...DATES).chain((date) => fc.constantFrom(`${date}T00:00:00`, `${date}T13:45:10`))
      default:
        return fc.constantFrom(...TEXTS)
    }
  })()
  return fc.option(value, { freq: 5, nil: null })
}

interface Resource {
  fields: FieldInfo[]
  records: RecordObject[]
  options: TableOptions
}

const resourceArbitrary: fc.Arbitrary<Resource> = fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 4 }).chain((names) =>
  fc.array(fc.constantFrom(...TYPES), { minLength: names.length, maxLength: names.length }).chain((types) => {
    const fields = names.map((id, i) => ({ id, type: types[i] as FieldType }))
    const record = fc.tuple(...fields.map((field) => valueArbitrary(field.type))).map((values) => Object.fromEntries(fields.map((field, i) => [field.id, values[i] as CellValue])))
    return fc.record({
      fields: fc.constant(fields),
      records: fc.array(record, { maxLength: 40 }),
      options: fc.record({ chunkSize: fc.integer({ min: 1, max: 5 }), blockSize: fc.integer({ min: 1, max: 3 }), wasmScan: fc.boolean() }),
    })
  }),
)

interface Query {
  q?: string
  filters?: Record<string, CellValue>
}

function queryArbitrary(resource: Resource): fc.Arbitrary<Query> {
  const present = (field: FieldInfo) => resource.records.map((record) => record[field.id]).filter((value) => value !== null && value !== undefined) as CellValue[]
  const filterable = resource.fields.filter((field) => present(field).length > 0)
  const filters =
    filterable.length === 0
      ? fc.constant({})
      : fc.constantFrom(...filterable).chain((field) => fc.constantFrom(...present(field)).map((value) => ({ [field.id]: value })))
  return fc.record({ q: fc.constantFrom('a', 'é', '2020', '1', 'ß', 'true'), filters }, { requiredKeys: [] })
}

function groupArbitrary(resource: Resource): fc.Arbitrary<OracleGroupRequest> {
  const keyArbitrary = fc.constantFrom(...resource.fields).chain((field) =>
    field.type === 'date' || field.type === 'timestamp'
      ? fc.constantFrom<OracleGroupRequest['group'][number]>({ field: field.id }, { field: field.id, unit: 'year' }, { field: field.id, unit: 'month' }, { field: field.id, unit: 'day' })
      : fc.constant({ field: field.id }),
  )
  const numeric = resource.fields.filter((field) => NUMERIC.has(field.type))
  const measure = numeric.length === 0 ? fc.constant({ measure: 'count' as const }) : fc.oneof(
    fc.constant({ measure: 'count' as const }),
    fc.tuple(fc.constantFrom('sum', 'mean', 'min', 'max') as fc.Arbitrary<'sum' | 'mean' | 'min' | 'max'>, fc.constantFrom(...numeric)).map(([name, field]) => ({ measure: name, measure_field: field.id })),
  )
  return fc
    .record({ group: fc.array(keyArbitrary, { minLength: 1, maxLength: 2 }), measure, order: fc.constantFrom('measure' as const, 'key' as const), top: fc.integer({ min: 0, max: 6 }) })
    .map(({ measure: chosen, ...rest }) => ({ ...rest, ...chosen }))
}

function build(resource: Resource) {
  const builder = new TableBuilder(resource.fields, resource.options)
  for (const record of resource.records) builder.append(record)
  return builder.build()
}

describe('grouping against the naive oracle', () => {
  it('agrees on 1,000 random tables, queries and groupings', () => {
    fc.assert(
      fc.property(
        resourceArbitrary.chain((resource) => fc.tuple(fc.constant(resource), queryArbitrary(resource), groupArbitrary(resource))),
        ([resource, query, grouping]) => {
          const result = groupTable(build(resource), { ...query, ...grouping })
          const rows = oracleMatches(resource.fields, resource.records, query as never)
          const oracle = oracleGroups(resource.fields, rows, grouping)
          expect(result.total).toBe(oracle.total)
          expect(result.groups).toBe(oracle.groups)
          expect(result.rows).toEqual(oracle.rows)
          expect(result.other).toEqual(oracle.other)
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('agrees with more distinct values than are coded while loading, two keys and a sample', () => {
    const fields: FieldInfo[] = [
      { id: 'n', type: 'int4' },
      { id: 't', type: 'text' },
      { id: 'x', type: 'numeric' },
    ]
    const records = Array.from({ length: 900 }, (_, i) => ({ n: (i * 37) % 401, t: `v${(i * 13) % 300}`, x: i % 7 === 0 ? null : ((i * 7) % 50) / 4 }))
    const table = build({ fields, records, options: { chunkSize: 64 } })
    for (const grouping of [
      { group: [{ field: 't' }], measure: 'mean' as const, measure_field: 'x', order: 'measure' as const, top: 7 },
      { group: [{ field: 'n' }, { field: 't' }], measure: 'count' as const, order: 'measure' as const, top: 5 },
      { group: [{ field: 'n' }], measure: 'max' as const, measure_field: 'x', order: 'key' as const, top: 0 },
    ]) {
      const result = groupTable(table, { q: 'v1', ...grouping })
      const oracle = oracleGroups(fields, oracleMatches(fields, records, { q: 'v1' }), grouping)
      expect({ ...result, resource_id: undefined }).toEqual({ ...oracle, resource_id: undefined })
    }
    const sampled = groupTable(table, { group: [{ field: 'n' }], sample: { x: 'n', y: 'x', size: 100 } })
    expect(sampled.sample?.of).toBe(900)
    expect(sampled.sample?.points.length).toBe(sampled.sample?.size)
    expect(sampled.sample?.size).toBeLessThanOrEqual(100)
    for (const [x, y] of sampled.sample?.points ?? []) expect(records.some((record) => record.n === x && record.x === y)).toBe(true)
  })

  it('groups records on hand with the same rules', () => {
    const fields: FieldInfo[] = [{ id: 'd', type: 'date' }]
    const result = groupRecords(fields, [{ d: '2020-01-05' }, { d: '2020-01-31' }, { d: null }, { d: '2019-02-01' }], { group: [{ field: 'd', unit: 'month' }] })
    expect(result.rows).toEqual([
      { keys: ['2019-02'], count: 1, value: 1 },
      { keys: ['2020-01'], count: 2, value: 2 },
      { keys: [null], count: 1, value: 1 },
    ])
  })

  it('refuses what it cannot answer, naming the key', () => {
    const table = build({ fields: [{ id: 't', type: 'text' }, { id: 'j', type: 'json' }], records: [], options: {} })
    const errors = (request: Record<string, unknown>) => {
      try {
        groupTable(table, request as never)
      } catch (error) {
        return (error as GroupRequestError).errors
      }
      return undefined
    }
    expect(errors({ group: [] })).toHaveProperty('group')
    expect(errors({ group: ['nope'] })).toHaveProperty('group')
    expect(errors({ group: ['j'] })).toHaveProperty('group')
    expect(errors({ group: [{ field: 't', unit: 'month' }] })).toHaveProperty('group')
    expect(errors({ group: ['t'], measure: 'sum' })).toHaveProperty('measure_field')
    expect(errors({ group: ['t'], measure: 'sum', measure_field: 't' })).toHaveProperty('measure_field')
    expect(errors({ group: ['t'], measure: 'median' })).toHaveProperty('measure')
    expect(errors({ group: ['t'], filters: { nope: 1 } })).toHaveProperty('filters')
  })
})
