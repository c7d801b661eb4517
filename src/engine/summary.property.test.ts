// The engine's column summaries against a naive oracle on random tables and random q/filters:
// counts, empties, distinct counts, top values (ties in sort order), min/max/mean exactly equal;
// histogram bins contiguous, covering every value, and each bin's count recounted naively. Tiny
// chunk sizes make small tables span many chunks; half the tables search through WebAssembly.

import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { summarizeTable } from './summary.ts'
import type { FieldSummary, Histogram } from './summary-types.ts'
import { TableBuilder, type TableOptions } from './table.ts'
import { oracleRefusesFilters, textOf } from './test-support/oracle.ts'
import { oracleFieldSummary, oracleMatches } from './test-support/summary-oracle.ts'
import type { CellValue, FieldInfo, FieldType, RecordObject } from './types.ts'

const ALPHABET = ['a', 'A', 'b', 'B', 'é', 'É', 'ß', ' ', '1', '-', 'z']
const text = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 3 }).map((chars) => chars.join(''))
const TYPES: FieldType[] = ['text', 'text', 'int4', 'int8', 'numeric', 'float8', 'bool', 'json', 'date', 'timestamp']
const NAMES = ['a', 'b', 'é', 'x y', 'num']
const DATES = ['2020-01-02', '2019-12-31', '2020-01-20', '2020-02-29', '2021-06-15', '2024-02-29', '1999-07-04', '2020-01-03', '1066-10-14', '2999-01-01']
const NUMERIC: ReadonlySet<string> = new Set(['int', 'int4', 'int8', 'numeric', 'float8'])

function valueArbitrary(type: FieldType, spread: number): fc.Arbitrary<CellValue> {
  const value: fc.Arbitrary<CellValue> = (() => {
    switch (type) {
      case 'int4':
      case 'int8':
        return fc.integer({ min: -spread, max: spread }).map((n) => (n === 0 ? 0 : n))
      case 'numeric':
      case 'float8':
        return fc.integer({ min: -4 * spread, max: 4 * spread }).map((n) => (n === 0 ? 0 : n / 4))
      case 'bool':
        return fc.boolean()
      case 'json':
        return fc.oneof(fc.array(text, { maxLength: 2 }), fc.record({ k: text }), fc.integer({ min: 1, max: 3 }), fc.constant(''))
      case 'date':
        return fc.constantFrom(...DATES.slice(0, Math.max(2, spread % DATES.length)))
      case 'timestamp':
        return fc.constantFrom(...DATES).chain((date) => fc.constantFrom(`${date}T00:00:00`, `${date}T13:45:10`))
      default:
        return text
    }
  })()
  return fc.option(value, { freq: 5, nil: null })
}

interface Resource {
  fields: FieldInfo[]
  records: RecordObject[]
  options: TableOptions
}

const resourceArbitrary: fc.Arbitrary<Resource> = fc
  .tuple(fc.uniqueArray(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 2000 }))
  .chain(([names, spread]) =>
    fc.array(fc.constantFrom(...TYPES), { minLength: names.length, maxLength: names.length }).chain((types) => {
      const fields = names.map((id, i) => ({ id, type: types[i] as FieldType }))
      const record = fc.tuple(...fields.map((field) => valueArbitrary(field.type, spread))).map((values) =>
        Object.fromEntries(fields.map((field, i) => [field.id, values[i] as CellValue])),
      )
      return fc.record({
        fields: fc.constant(fields),
        records: fc.array(record, { maxLength: 30 }),
        options: fc.record({ chunkSize: fc.integer({ min: 1, max: 5 }), blockSize: fc.integer({ min: 1, max: 3 }), wasmScan: fc.boolean() }),
      })
    }),
  )

interface Request {
  q?: string | Record<string, string>
  filters?: Record<string, CellValue>
  fields?: string[]
  top?: number
  bins?: number
}

function requestArbitrary(resource: Resource): fc.Arbitrary<Request> {
  // no quotes in needles: a json string cell's text is its JSON ('""'), which the search oracle does not model
  const texts = resource.records.flatMap((record) =>
    Object.values(record).flatMap((value) => (value === null ? [] : [(textOf(value) as string).replaceAll('"', '')])),
  )
  const piece =
    texts.length === 0
      ? text
      : fc.tuple(fc.constantFrom(...texts), fc.nat(), fc.boolean()).map(([whole, start, upper]) => {
          const slice = whole.slice(start % Math.max(1, whole.length), (start % Math.max(1, whole.length)) + 2)
          return upper ? slice.toUpperCase() : slice
        })
  const names = ['_id', ...resource.fields.map((field) => field.id)]
  const filterValue = (field: FieldInfo): fc.Arbitrary<CellValue> => {
    // (a json string's text is its JSON, which the search oracle does not model: no json strings here)
    const present = resource.records
      .map((record) => record[field.id])
      .filter((value) => value !== null && typeof value !== 'object' && !(field.type === 'json' && typeof value === 'string'))
    if (present.length === 0) return fc.constant('absent')
    const value = fc.constantFrom(...(present as CellValue[]))
    // the same value written another way (` 5`, `2020-01-02T00:00:00`), read by the column's type
    const respelled = value.map((cell) => (field.type === 'date' || NUMERIC.has(field.type) ? ` ${String(cell)}` : cell))
    return fc.oneof(value, value, respelled)
  }
  const filters = fc
    .uniqueArray(fc.constantFrom(...resource.fields), { maxLength: 2, selector: (field) => field.id })
    .chain((fields) =>
      fc.tuple(...fields.map((field) => fc.oneof(filterValue(field), fc.array(filterValue(field), { maxLength: 3 })))).map((values) =>
        Object.fromEntries(fields.map((field, i) => [field.id, values[i] as CellValue])),
      ),
    )
  return fc.record(
    {
      q: fc.oneof(piece, fc.dictionary(fc.constantFrom(...names), piece, { maxKeys: 2 })),
      filters,
      fields: fc.uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: 4 }),
      top: fc.integer({ min: 0, max: 6 }),
      bins: fc.integer({ min: 1, max: 12 }),
    },
    { requiredKeys: [] },
  )
}

function build(resource: Resource) {
  const builder = new TableBuilder(resource.fields, resource.options)
  for (const record of resource.records) builder.append(record)
  return builder.build()
}

/** Bins contiguous, covering every value exactly once, each count recounted from the values. */
function checkHistogram(histogram: Histogram, type: string, values: CellValue[], bins: number): void {
  const isNumber = histogram.unit === 'number'
  expect(isNumber).toBe(NUMERIC.has(type))
  const list = histogram.bins
  expect(list.length).toBeGreaterThan(0)
  for (let i = 1; i < list.length; i++) expect(list[i]?.lower).toBe(list[i - 1]?.upper)
  if (isNumber) expect(list.length).toBeLessThanOrEqual(Math.max(3 * bins + 2, 2))
  const key = (value: CellValue): number | string => (isNumber ? (value as number) : (value as string))
  const inBin = (value: number | string, index: number): boolean => {
    const bin = list[index]!
    const last = index === list.length - 1
    return bin.lower <= value && (value < bin.upper || (last && value <= bin.upper))
  }
  const counts = list.map(() => 0)
  for (const value of values) {
    const k = key(value)
    const homes = list.map((_, index) => index).filter((index) => inBin(k, index))
    expect(homes, `value ${String(value)} in bins ${JSON.stringify(list)}`).toHaveLength(1)
    counts[homes[0]!]++
  }
  expect(list.map((bin) => bin.count)).toEqual(counts)
  const label = { year: /^\d{4}(–\d{4})?$/, month: /^\d{4}-\d{2}$/, day: /^\d{4}-\d{2}-\d{2}$/, number: /./ }[histogram.unit]
  for (const bin of list) expect(bin.label).toMatch(label)
}

function checkField(engine: FieldSummary, type: string, rows: RecordObject[], request: Request): void {
  const oracle = oracleFieldSummary(engine.field, type, rows, request.top ?? 10)
  expect(engine.type).toBe(type)
  expect({ count: engine.count, empty: engine.empty, distinct: engine.distinct }).toEqual({ count: oracle.count, empty: oracle.empty, distinct: oracle.distinct })
  expect(engine.top).toEqual(oracle.top)
  expect(engine.min).toEqual(oracle.min)
  expect(engine.max).toEqual(oracle.max)
  expect(engine.mean).toEqual(oracle.mean)
  const binned = (NUMERIC.has(type) || type === 'date' || type === 'timestamp') && oracle.values.length > 0
  expect(engine.histogram !== undefined).toBe(binned)
  if (engine.histogram) checkHistogram(engine.histogram, type, oracle.values, request.bins ?? 20)
}

describe('column summaries against the naive oracle', () => {
  it('agree on 1,000 random tables and queries', () => {
    fc.assert(
      fc.property(
        resourceArbitrary.chain((resource) => fc.tuple(fc.constant(resource), requestArbitrary(resource))),
        ([resource, request]) => {
          fc.pre(!oracleRefusesFilters(resource.fields, request.filters as never)) // a refused value: the test below
          const summary = summarizeTable(build(resource), request)
          const rows = oracleMatches(resource.fields, resource.records, { q: request.q, filters: request.filters as never })
          expect(summary.total).toBe(rows.length)
          const names = request.fields ?? resource.fields.map((field) => field.id)
          expect(summary.fields.map((field) => field.field)).toEqual(names)
          for (const engine of summary.fields) {
            const type = engine.field === '_id' ? 'int' : resource.fields.find((field) => field.id === engine.field)!.type
            checkField(engine, type, rows, request)
          }
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('refuse a filter value the field type cannot take, as datastore_search does', () => {
    const resource = { fields: [{ id: 'n', type: 'numeric' as const }], records: [{ n: 1.5 }], options: {} }
    expect(() => summarizeTable(build(resource), { filters: { n: '1,5' } })).toThrow('filters: Value "1,5" of field "n" (numeric): invalid input syntax for type numeric: "1,5"')
    expect(summarizeTable(build(resource), { filters: { n: ' 1.50' } }).total).toBe(1)
  })

  it('agree on a column with more distinct values than are coded while loading', () => {
    const fields: FieldInfo[] = [
      { id: 'n', type: 'int4' },
      { id: 't', type: 'text' },
    ]
    const records = Array.from({ length: 700 }, (_, i) => ({ n: (i * 37) % 401, t: `v${(i * 13) % 300}` }))
    const resource = { fields, records, options: { chunkSize: 64 } }
    const request = { q: 'v1', top: 7, bins: 9 }
    const summary = summarizeTable(build(resource), request)
    const rows = oracleMatches(fields, records, { q: 'v1' })
    expect(summary.total).toBe(rows.length)
    for (const engine of summary.fields) checkField(engine, engine.field === 'n' ? 'int4' : 'text', rows, request)
  })
})
