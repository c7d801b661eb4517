// The engine against the naive oracle on random resources and random valid requests: the whole
// envelope must be identical. Tiny chunk and block sizes make small tables span many chunks and
// trigram blocks, so every boundary of the fast paths is crossed; half the tables search through the
// WebAssembly kernel, half through JS strings.

import * as fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Catalog } from './catalog.ts'
import { datastoreSearch } from './datastore-search.ts'
import { TableBuilder, type TableOptions } from './table.ts'
import { oracleRefusesFilters, oracleSearch, type OracleRequest } from './test-support/oracle.ts'
import type { CellValue, FieldInfo, FieldType, RecordObject } from './types.ts'

const PATH = '/data/api/action/datastore_search'
// Characters chosen to hurt: case pairs, length-changing lowercase (İ), final sigma, ß, the field
// separator \x01 and other control characters, spaces, a surrogate pair (needles may cut it in
// half), and now and then a lone surrogate (UTF-8 bytes, which the WebAssembly path matches, have none).
const ALPHABET = ['a', 'A', 'b', 'B', 'é', 'É', 'ß', 'İ', 'i', 'Σ', 'σ', 'ς', ' ', '\x01', '\x00', '1', '-', 'z', '😀']
const plainText = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 6 }).map((chars) => chars.join(''))
const textArbitrary = fc.oneof({ arbitrary: plainText, weight: 60 }, { arbitrary: plainText.map((text) => `${text}\udc00`), weight: 1 })

const TYPES: FieldType[] = ['text', 'text', 'int4', 'numeric', 'bool', 'json', 'date']
const FIELD_NAMES = ['a', 'b', 'é', 'x y', 'num']

function valueArbitrary(type: FieldType): fc.Arbitrary<CellValue> {
  const value: fc.Arbitrary<CellValue> = (() => {
    switch (type) {
      case 'int4':
        return fc.integer({ min: -20, max: 20 }).map((n) => (n === 0 ? 0 : n))
      case 'numeric':
        return fc.integer({ min: -300, max: 300 }).map((n) => (n === 0 ? 0 : n / 4))
      case 'bool':
        return fc.boolean()
      case 'json':
        return fc.oneof(fc.array(textArbitrary, { maxLength: 2 }), fc.record({ k: textArbitrary }), fc.integer({ min: 1, max: 9 }))
      case 'date':
        return fc.constantFrom('2020-01-02', '2019-12-31', '2021-06-15')
      default:
        return textArbitrary
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
  .uniqueArray(fc.constantFrom(...FIELD_NAMES), { minLength: 1, maxLength: 4 })
  .chain((names) => fc.tuple(fc.constant(names), fc.array(fc.constantFrom(...TYPES), { minLength: names.length, maxLength: names.length })))
  .chain(([names, types]) => {
    const fields = names.map((id, i) => ({ id, type: types[i] as FieldType }))
    const record = fc.tuple(...fields.map((field) => valueArbitrary(field.type))).map((values) =>
      Object.fromEntries(fields.map((field, i) => [field.id, values[i] as CellValue])),
    )
    return fc.record({
      fields: fc.constant(fields),
      records: fc.array(record, { maxLength: 40 }),
      options: fc.record({ chunkSize: fc.integer({ min: 1, max: 9 }), blockSize: fc.integer({ min: 1, max: 4 }), wasmScan: fc.boolean() }),
    })
  })

function cellTexts(resource: Resource): string[] {
  const texts: string[] = []
  for (const record of resource.records) {
    for (const value of Object.values(record)) {
      if (value === null) continue
      texts.push(typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value))
    }
  }
  return texts
}

/** A piece of some cell's text in a random case, or a random text. */
function needleArbitrary(resource: Resource): fc.Arbitrary<string> {
  const texts = cellTexts(resource)
  const random = textArbitrary
  if (texts.length === 0) return random
  const piece = fc
    .tuple(fc.constantFrom(...texts), fc.nat(), fc.nat(), fc.constantFrom('same', 'upper', 'lower'))
    .map(([text, start, length, casing]) => {
      const from = text.length === 0 ? 0 : start % text.length
      const slice = text.slice(from, from + 1 + (length % 4))
      return casing === 'upper' ? slice.toUpperCase() : casing === 'lower' ? slice.toLowerCase() : slice
    })
  return fc.oneof(piece, piece, random)
}

/** Other ways to write a cell's value that PostgreSQL reads as the same value of the column's type (and some it refuses). */
function typedSpellings(type: FieldType, cell: string | number | boolean): string[] {
  const text = String(cell)
  if (type === 'int4' || type === 'numeric') {
    const sign = text.startsWith('-') ? '-' : '+'
    const digits = text.replace(/^-/, '')
    return [` ${text} `, `${sign}${digits}`, `${sign}0${digits}`, `${text}.0`, `${text},5`, `${text}e0`]
  }
  if (type === 'bool') return cell === true ? ['T', ' yes', 'on', '1', 'tr'] : ['F', 'no ', 'OFF', '0', 'fals', 'o']
  if (type === 'date') return [`${text}T00:00:00`, ` ${text}`, `${text} 12:30`, `${text.slice(0, 8)}31`, `${text.replaceAll('-', '/')}`]
  return [` ${text}`, text.toUpperCase()]
}

function filterValueArbitrary(resource: Resource, field: FieldInfo): fc.Arbitrary<string | number | boolean | null> {
  const present = resource.records.map((record) => record[field.id]).filter((value) => value !== null && typeof value !== 'object')
  const candidates: fc.Arbitrary<string | number | boolean | null>[] = [textArbitrary, fc.constant(null), fc.integer({ min: -3, max: 3 })]
  if (present.length > 0) {
    const value = fc.constantFrom(...(present as (string | number | boolean)[]))
    candidates.push(value, value, value.map(String), value.chain((cell) => fc.constantFrom(...typedSpellings(field.type, cell))))
  }
  return fc.oneof(...candidates)
}

function requestArbitrary(resource: Resource): fc.Arbitrary<OracleRequest> {
  const names = ['_id', ...resource.fields.map((field) => field.id)]
  const fieldArbitrary = fc.constantFrom(...resource.fields)
  const needle = needleArbitrary(resource)
  const q = fc.oneof(
    needle,
    fc.constant(''),
    fc.dictionary(fc.constantFrom(...names), needle, { maxKeys: 2 }).map((terms) => terms as Record<string, string>),
  )
  const filters = fc
    .uniqueArray(fieldArbitrary, { maxLength: 2, selector: (field) => field.id })
    .chain((fields) =>
      fc.tuple(
        ...fields.map((field) =>
          fc.oneof(filterValueArbitrary(resource, field), fc.array(filterValueArbitrary(resource, field), { maxLength: 3 })),
        ),
      ).map((values) => Object.fromEntries(fields.map((field, i) => [field.id, values[i]]))),
    )
    .map((value) => value as NonNullable<OracleRequest['filters']>)
  const sort = fc
    .uniqueArray(fc.constantFrom(...names), { minLength: 1, maxLength: 3 })
    .chain((keys) => fc.tuple(fc.constant(keys), fc.array(fc.constantFrom('', ' asc', ' desc', ' DESC'), { minLength: keys.length, maxLength: keys.length })))
    .chain(([keys, directions]) => {
      const clauses = keys.map((key, i) => `${key}${directions[i]}`)
      return fc.constantFrom<string | string[]>(clauses.join(', '), clauses)
    })
  return fc.record(
    {
      q,
      filters,
      limit: fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 }).map(String)),
      offset: fc.integer({ min: 0, max: 10 }),
      sort,
      fields: fc.uniqueArray(fc.constantFrom(...names), { maxLength: 3 }),
      include_total: fc.boolean(),
      records_format: fc.constantFrom('objects', 'lists', 'csv', 'tsv'),
      distinct: fc.boolean(),
      full_text: fc.oneof(needle, fc.constant('')),
      plain: fc.boolean(),
      language: fc.constantFrom('english', 'simple'),
      total_estimation_threshold: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 50 })),
    },
    { requiredKeys: [] },
  )
}

async function engineSearch(resource: Resource, request: OracleRequest): Promise<unknown> {
  const builder = new TableBuilder(resource.fields, resource.options)
  for (const record of resource.records) builder.append(record)
  const table = builder.build()
  const catalog = new Catalog()
  catalog.add({ id: 'r1', load: () => table })
  const outcome = await datastoreSearch(catalog, { resource_id: 'r1', ...request }, { tokens: [], requestPath: PATH })
  expect(outcome.status).toBe(oracleRefusesFilters(resource.fields, request.filters) ? 409 : 200)
  return outcome.body
}

/** The oracle's envelope; for a filter value the field's type cannot take, a 409 naming `filters`. */
const HELP = '/data/api/3/action/help_show?name=datastore_search'
const REFUSED_FILTERS = { help: HELP, success: false, error: expect.objectContaining({ __type: 'Validation Error', filters: expect.any(Array) }) }

function oracleAnswer(resource: Pick<Resource, 'fields' | 'records'>, request: OracleRequest): unknown {
  if (oracleRefusesFilters(resource.fields, request.filters)) return REFUSED_FILTERS
  return { ...(oracleSearch(resource.fields, resource.records, 'r1', request, { path: PATH }) as object), help: HELP }
}

describe('engine vs oracle', () => {
  it('gives the oracle\'s envelope for random resources and requests', async () => {
    await fc.assert(
      fc.asyncProperty(
        resourceArbitrary.chain((resource) => fc.tuple(fc.constant(resource), requestArbitrary(resource))),
        async ([resource, request]) => {
          expect(await engineSearch(resource, request)).toEqual(oracleAnswer(resource, request))
        },
      ),
      { numRuns: 1500 },
    )
  })

  it('agrees on one table queried many times (indexes built once, reused)', async () => {
    await fc.assert(
      fc.asyncProperty(
        resourceArbitrary.chain((resource) => fc.tuple(fc.constant(resource), fc.array(requestArbitrary(resource), { minLength: 5, maxLength: 15 }))),
        async ([resource, requests]) => {
          const builder = new TableBuilder(resource.fields, resource.options)
          for (const record of resource.records) builder.append(record)
          const table = builder.build()
          const catalog = new Catalog()
          catalog.add({ id: 'r1', load: () => table })
          for (const request of requests) {
            const outcome = await datastoreSearch(catalog, { resource_id: 'r1', ...request }, { tokens: [], requestPath: PATH })
            expect(outcome.body).toEqual(oracleAnswer(resource, request))
          }
        },
      ),
      { numRuns: 200 },
    )
  })
})

/**
 * Resources where a filter picks few records (a key column with many values), so that q + filters
 * checks the filter candidates' text instead of sweeping: the candidate path, batched per window.
 */
const selectiveResourceArbitrary: fc.Arbitrary<Resource> = fc.record({
  fields: fc.constant<FieldInfo[]>([
    { id: 'key', type: 'text' },
    { id: 'a', type: 'text' },
    { id: 'num', type: 'int4' },
  ]),
  records: fc.array(
    fc.record({ key: fc.integer({ min: 0, max: 39 }).map((k) => `k${k}`), a: fc.option(textArbitrary, { freq: 5, nil: null }), num: fc.integer({ min: 0, max: 3 }) }),
    { minLength: 50, maxLength: 300 },
  ),
  options: fc.record({ chunkSize: fc.integer({ min: 1, max: 70 }), blockSize: fc.integer({ min: 1, max: 8 }), wasmScan: fc.boolean() }),
})

function selectiveRequestArbitrary(resource: Resource): fc.Arbitrary<OracleRequest> {
  const keys = fc.uniqueArray(fc.integer({ min: 0, max: 39 }).map((k) => `k${k}`), { minLength: 1, maxLength: 3 })
  const filters = fc.oneof(
    keys.map((key) => ({ key })),
    fc.tuple(keys, fc.integer({ min: 0, max: 3 })).map(([key, num]) => ({ key, num })),
  )
  return fc.record({
    q: needleArbitrary(resource),
    filters,
    limit: fc.integer({ min: 0, max: 12 }),
    offset: fc.integer({ min: 0, max: 10 }),
    include_total: fc.boolean(),
  })
}

describe('engine vs oracle, q with a selective filter', () => {
  it('checks the filter candidates against q as the oracle does', async () => {
    await fc.assert(
      fc.asyncProperty(
        selectiveResourceArbitrary.chain((resource) => fc.tuple(fc.constant(resource), selectiveRequestArbitrary(resource))),
        async ([resource, request]) => {
          expect(await engineSearch(resource, request)).toEqual(oracleAnswer(resource, request))
        },
      ),
      { numRuns: 300 },
    )
  })

  it('pages and counts through more candidates than one batch holds, on both search paths', async () => {
    const fields: FieldInfo[] = [
      { id: 'key', type: 'text' },
      { id: 'a', type: 'text' },
    ]
    const records = Array.from({ length: 4000 }, (_, i) => ({ key: i % 12 === 0 ? 'hit' : `k${i % 12}`, a: i % 5 === 0 ? `x Grain ${i}` : `chaff ${i}` }))
    for (const wasmScan of [true, false]) {
      const resource: Resource = { fields, records, options: { chunkSize: 1000, wasmScan } }
      for (const request of [
        { q: 'grain', filters: { key: 'hit' }, limit: 5, offset: 60, include_total: true },
        { q: 'GRAIN', filters: { key: ['hit'] }, limit: 3, offset: 62, include_total: false },
      ]) {
        const expected = oracleSearch(fields, records, 'r1', request, { path: PATH })
        expect(await engineSearch(resource, request)).toEqual({ ...(expected as object), help: '/data/api/3/action/help_show?name=datastore_search' })
      }
    }
  })
})

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: (() => void) | undefined
  const promise = new Promise<void>((settle) => {
    resolve = settle
  })
  return { promise, resolve: () => resolve?.() }
}

/** A catalog whose one resource loads chunk by chunk, publishing each prefix and pausing after `pauseAfter` chunks. */
function pausedLoad(resource: Resource, pauseAfter: number): { catalog: Catalog; paused: Promise<void>; resume: () => void } {
  const gate = deferred()
  const pause = deferred()
  const reachedPause = pause.resolve
  const catalog = new Catalog()
  catalog.add({
    id: 'r1',
    load: async (_onProgress, onPartial) => {
      const builder = new TableBuilder(resource.fields, resource.options)
      let published = 0
      for (const record of resource.records) {
        builder.append(record)
        if (builder.finishedChunks() > published) {
          published = builder.finishedChunks()
          onPartial?.(builder.snapshot(), resource.records.length)
          if (published === pauseAfter) {
            reachedPause()
            await gate.promise
          }
        }
      }
      reachedPause()
      return builder.build()
    },
  })
  return { catalog, paused: pause.promise, resume: gate.resolve }
}

describe('engine vs oracle while the table still loads', () => {
  it('answers from a loaded prefix only a page the prefix decides, with the total marked estimated; else waits for the whole', async () => {
    await fc.assert(
      fc.asyncProperty(
        resourceArbitrary.chain((resource) => fc.tuple(fc.constant(resource), requestArbitrary(resource), fc.integer({ min: 1, max: 5 }))),
        async ([resource, request, pauseAfter]) => {
          const { catalog, paused, resume } = pausedLoad(resource, pauseAfter)
          void catalog.prepare('r1')
          await paused
          const pending = datastoreSearch(catalog, { resource_id: 'r1', ...request }, { tokens: [], requestPath: PATH })
          await new Promise((resolve) => setTimeout(resolve, 0))
          resume()
          const outcome = await pending
          fc.pre(!oracleRefusesFilters(resource.fields, request.filters)) // refusals: the tests above
          const expected = { ...(oracleSearch(resource.fields, resource.records, 'r1', request, { path: PATH }) as { result?: Record<string, unknown> }), help: '/data/api/3/action/help_show?name=datastore_search' }
          const body = outcome.body as { result?: Record<string, unknown> }
          const estimated = body.result?.total_was_estimated === true
          // An estimated answer: everything but the total is the whole table's answer.
          const withoutTotal = (envelope: { result?: Record<string, unknown> }) =>
            estimated ? { ...envelope, result: { ...envelope.result, total: undefined, total_was_estimated: undefined } } : envelope
          expect(withoutTotal(body)).toEqual(withoutTotal(expected))
          expect(estimated && request.sort !== undefined).toBe(false)
          const shown = Array.isArray(body.result?.records) ? body.result.records.length : 0
          expect(!estimated || shown === 0 || (body.result?.total as number) >= Number(request.offset ?? 0) + shown).toBe(true)
        },
      ),
      { numRuns: 600 },
    )
  })

  it('answers the first page from the first chunks with a scaled, estimated total, and the exact total once loaded', async () => {
    const resource: Resource = { fields: [{ id: 'a', type: 'text' }], records: Array.from({ length: 30 }, (_, i) => ({ a: i % 2 === 0 ? `even ${i}` : `odd ${i}` })), options: { chunkSize: 5 } }
    const { catalog, paused, resume } = pausedLoad(resource, 2)
    void catalog.prepare('r1')
    await paused
    const early = await datastoreSearch(catalog, { resource_id: 'r1', q: 'even', limit: 3 }, { tokens: [] })
    expect(early.body).toMatchObject({ result: { records: [{ _id: 1 }, { _id: 3 }, { _id: 5 }], total: 15, total_was_estimated: true } })
    // A sorted page needs the whole table: it waits.
    const sorted = datastoreSearch(catalog, { resource_id: 'r1', q: 'even', limit: 3, sort: 'a desc' }, { tokens: [] })
    resume()
    expect((await sorted).body).toMatchObject({ result: { total: 15, total_was_estimated: false } })
    const late = await datastoreSearch(catalog, { resource_id: 'r1', q: 'even', limit: 3 }, { tokens: [] })
    expect(late.body).toMatchObject({ result: { records: [{ _id: 1 }, { _id: 3 }, { _id: 5 }], total: 15, total_was_estimated: false } })
  })
})
