// The CKAN 2.11 parameters beyond the seed's (records_format, distinct, full_text, plain, language,
// total_estimation_threshold) and the `_table_metadata` pseudo-resource, through datastoreSearch.
// Rows of CKAN's conformance list (notes §5) are marked with their number.

import { describe, expect, it } from 'vitest'
import { Catalog } from './catalog.ts'
import { datastoreSearch } from './datastore-search.ts'
import { BOOKS_ID, catalogWith, PRIVATE_ID, tableOf, TOKEN } from './test-support/fixtures.ts'

interface Result {
  [key: string]: unknown
  records: unknown
  fields: { id: string; type: string; info?: unknown }[]
  total?: number
}

function catalog(): Catalog {
  const result = catalogWith()
  // CKAN's NDT fixture (num numeric, dt timestamp, txt text) and VALS ("foo" x5 then "bar")
  result.add({
    id: 'ndt',
    load: () =>
      tableOf(
        [{ id: 'num', type: 'numeric' }, { id: 'dt', type: 'timestamp' }, { id: 'txt', type: 'text' }],
        [
          { num: 10, dt: '2020-01-01T00:00:00', txt: 'aaab' },
          { num: 9, dt: '2020-01-02T00:00:00', txt: 'aaab' },
          { num: 9, dt: '2020-01-01T00:00:00', txt: 'aaac' },
        ],
      ),
  })
  result.add({
    id: 'vals',
    load: () => tableOf([{ id: 'val', type: 'text' }], ['foo', 'foo', 'foo', 'foo', 'foo', 'bar'].map((val) => ({ val }))),
  })
  result.add({
    id: 'awkward',
    dictionary: { note: { label: 'Note', notes: 'Free text' } },
    load: () =>
      tableOf(
        [{ id: 'note', type: 'text' }, { id: 'ok', type: 'bool' }, { id: 'doc', type: 'json' }],
        [
          { note: 'a,b', ok: true, doc: { x: '"y"' } },
          { note: 'say "hi"', ok: false, doc: null },
          { note: '', ok: null, doc: 'text' },
          { note: null, ok: true, doc: [1] },
          { note: 'two\nlines\tand tab', ok: false, doc: 2 },
        ],
      ),
  })
  return result
}

async function run(params: Record<string, unknown>, token?: string): Promise<{ status: number; result: Result; error: Record<string, unknown> }> {
  const outcome = await datastoreSearch(catalog(), params, { tokens: [TOKEN], token })
  const body = outcome.body as { result: Result; error: Record<string, unknown> }
  return { status: outcome.status, result: body.result, error: body.error }
}

async function recordsOf(params: Record<string, unknown>): Promise<unknown> {
  const { status, result } = await run(params)
  expect(status).toBe(200)
  return result.records
}

describe('records_format', () => {
  it('defaults to objects and echoes the format sent', async () => {
    expect((await run({ resource_id: 'ndt' })).result.records_format).toBe('objects')
    expect((await run({ resource_id: 'ndt', records_format: 'lists' })).result.records_format).toBe('lists')
  })

  it('lists: one array per record in the order of result.fields (#60)', async () => {
    const { result } = await run({ resource_id: 'ndt', records_format: 'lists', sort: 'num, dt' })
    expect(result.fields.map((field) => field.id)).toEqual(['_id', 'num', 'dt', 'txt'])
    expect(result.records).toEqual([
      [3, 9, '2020-01-01T00:00:00', 'aaac'],
      [2, 9, '2020-01-02T00:00:00', 'aaab'],
      [1, 10, '2020-01-01T00:00:00', 'aaab'],
    ])
    expect(await recordsOf({ resource_id: 'ndt', records_format: 'lists', fields: 'txt, _id', limit: 1 })).toEqual([['aaab', 1]])
  })

  it('csv: one string, a line per record, no header (#59)', async () => {
    expect(await recordsOf({ resource_id: 'ndt', records_format: 'csv', fields: 'dt, num, txt', filters: { txt: 'aaab' }, sort: 'dt desc' })).toBe(
      '2020-01-02T00:00:00,9,aaab\n2020-01-01T00:00:00,10,aaab\n',
    )
    expect(await recordsOf({ resource_id: 'ndt', records_format: 'csv', limit: 0 })).toBe('')
  })

  it('csv and tsv quote like PostgreSQL COPY: empty text, delimiter, quotes and line breaks; NULL empty; bool t/f', async () => {
    expect(await recordsOf({ resource_id: 'awkward', records_format: 'csv' })).toBe(
      [
        '1,"a,b",t,"{""x"":""\\""y\\""""}"',
        '2,"say ""hi""",f,null',
        '3,"",,"""text"""',
        '4,,t,[1]',
        '5,"two\nlines\tand tab",f,2',
        '',
      ].join('\n'),
    )
    expect(await recordsOf({ resource_id: 'awkward', records_format: 'tsv', fields: ['note', 'ok'] })).toBe(
      ['a,b\tt', '"say ""hi"""\tf', '""\t', '\tt', '"two\nlines\tand tab"\tf', ''].join('\n'),
    )
  })

  it('an unknown format is a 409 listing the accepted ones', async () => {
    const { status, error } = await run({ resource_id: 'ndt', records_format: 'xml' })
    expect(status).toBe(409)
    expect(error['records_format']).toEqual(["Value must be one of ['objects', 'lists', 'csv', 'tsv']"])
  })
})

describe('distinct', () => {
  it('returns the distinct rows of the returned fields and counts them (#25)', async () => {
    const { result } = await run({ resource_id: BOOKS_ID, fields: ['author'], distinct: true })
    expect(result.records).toEqual([{ author: 'tolstoy' }])
    expect(result.total).toBe(1)
    expect(result.distinct).toBe(true)
  })

  it('pages the distinct rows, not the records (#26, as CKAN 2.12 fixed it)', async () => {
    for (const [limit, count] of [[2, 2], [1, 1], [3, 2]] as const) {
      const { result } = await run({ resource_id: 'vals', fields: ['val'], distinct: true, limit })
      expect((result.records as unknown[]).length).toBe(count)
      expect(result.total).toBe(2)
    }
    expect(await recordsOf({ resource_id: 'vals', fields: 'val', distinct: 'true', offset: 1 })).toEqual([{ val: 'bar' }])
  })

  it('orders rows by their first occurrence, after sort, filters and q', async () => {
    expect(await recordsOf({ resource_id: 'vals', fields: 'val', distinct: true, sort: 'val' })).toEqual([{ val: 'bar' }, { val: 'foo' }])
    expect(await recordsOf({ resource_id: 'ndt', fields: 'num', distinct: true, sort: 'dt desc, _id' })).toEqual([{ num: 9 }, { num: 10 }])
    expect(await recordsOf({ resource_id: 'ndt', fields: 'num', distinct: true, q: 'aaab' })).toEqual([{ num: 10 }, { num: 9 }])
    expect(await recordsOf({ resource_id: 'ndt', fields: 'num, txt', distinct: true, filters: { num: 9 }, records_format: 'lists' })).toEqual([
      [9, 'aaab'],
      [9, 'aaac'],
    ])
  })

  it('with _id among the fields every record is distinct; "no" or false turns it off', async () => {
    expect((await run({ resource_id: 'vals', distinct: true })).result.total).toBe(6)
    const off = await run({ resource_id: 'vals', fields: 'val', distinct: 'no' })
    expect(off.result.total).toBe(6)
    expect(off.result.distinct).toBe(false)
  })

  it('treats nulls as equal', async () => {
    expect(await recordsOf({ resource_id: 'courses', fields: 'fee', distinct: true, filters: { stage: ['closed', 'draft'] } })).toEqual([
      { fee: null },
      { fee: 0.25 },
    ])
  })
})

describe('full_text, plain, language', () => {
  it('full_text searches every field like a string q and is echoed', async () => {
    const { result } = await run({ resource_id: 'courses', full_text: 'BIO', fields: '_id' })
    expect(result.records).toEqual([{ _id: 1 }, { _id: 2 }])
    expect(result.full_text).toBe('BIO')
  })

  it('combines with an object q (both must match)', async () => {
    expect(await recordsOf({ resource_id: 'courses', full_text: 'active', q: { subject: 'e' }, fields: '_id' })).toEqual([{ _id: 3 }, { _id: 5 }, { _id: 6 }])
  })

  it('replaces a string q, as in CKAN 2.11 (one whole-row query); an empty one does not', async () => {
    expect(await recordsOf({ resource_id: 'courses', full_text: 'apple', q: 'biology', fields: '_id' })).toEqual([{ _id: 6 }])
    expect(await recordsOf({ resource_id: 'courses', full_text: '', q: 'biology', fields: '_id' })).toEqual([{ _id: 1 }, { _id: 2 }])
  })

  it('plain and language are accepted, echoed, and leave matching alone', async () => {
    const { result } = await run({ resource_id: 'courses', q: 'apple', plain: 'False', language: 'klingon', fields: '_id' })
    expect(result.records).toEqual([{ _id: 6 }])
    expect(result.plain).toBe(false)
    expect(result.language).toBe('klingon')
  })
})

describe('total_estimation_threshold', () => {
  it('is echoed (null by default); the exact total is never estimated', async () => {
    expect((await run({ resource_id: 'courses' })).result.total_estimation_threshold).toBeNull()
    const { result } = await run({ resource_id: 'courses', total_estimation_threshold: '2' })
    expect(result.total_estimation_threshold).toBe(2)
    expect(result.total).toBe(6)
    expect(result.total_was_estimated).toBe(false)
  })

  it('must be an integer', async () => {
    for (const bad of ['x', 1.5, [1]]) {
      const { status, error } = await run({ resource_id: 'courses', total_estimation_threshold: bad })
      expect(status).toBe(409)
      expect(error['total_estimation_threshold']).toEqual(['Invalid integer'])
    }
  })
})

describe('_table_metadata', () => {
  it('lists the resources the caller may read (#7)', async () => {
    const anonymous = await run({ resource_id: '_table_metadata' })
    expect(anonymous.status).toBe(200)
    expect(anonymous.result.fields).toEqual([
      { id: '_id', type: 'int' },
      { id: 'name', type: 'text' },
      { id: 'alias_of', type: 'text' },
    ])
    const names = (anonymous.result.records as { name: string }[]).map((record) => record.name)
    expect(names).toEqual([BOOKS_ID, 'courses', 'ndt', 'vals', 'awkward'])
    expect((anonymous.result.records as unknown[])[0]).toEqual({ _id: 1, name: BOOKS_ID, alias_of: null })
    const withToken = await run({ resource_id: '_table_metadata', fields: 'name' }, TOKEN)
    expect(withToken.result.records).toContainEqual({ name: PRIVATE_ID })
  })

  it('is searched like any resource', async () => {
    expect(await recordsOf({ resource_id: '_table_metadata', q: 'al', records_format: 'lists', fields: 'name' })).toEqual([['vals']])
  })
})

describe('data dictionary', () => {
  it('serves fields[].info where the resource has an entry', async () => {
    const { result } = await run({ resource_id: 'awkward', limit: 0 })
    expect(result.fields).toEqual([
      { id: '_id', type: 'int' },
      { id: 'note', type: 'text', info: { label: 'Note', notes: 'Free text' } },
      { id: 'ok', type: 'bool' },
      { id: 'doc', type: 'json' },
    ])
  })
})

describe('distinct over many value combinations', () => {
  it('agrees with a naive set of rows when the code combinations exceed exact double integers', async () => {
    // columns of up to ~10,000 distinct values: more combinations than 2^53, so rows are keyed by text
    const fields = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, type: 'int4' as const }))
    const records = Array.from({ length: 12_000 }, (_, i) => ({ a: i % 10_007, b: (i * 7) % 10_009, c: i % 2 === 0 ? (i * 3) % 10_037 : null, d: i % 10_039, e: i % 101 }))
    const many = new Catalog()
    many.add({ id: 'many', load: () => tableOf(fields, [...records, ...records.slice(0, 500)]) })
    const outcome = await datastoreSearch(many, { resource_id: 'many', fields: 'a,b,c,d,e', distinct: true, limit: 3, offset: 11_998, records_format: 'lists' }, { tokens: [] })
    const result = (outcome.body as { result: Result }).result
    expect(result.total).toBe(new Set(records.map((record) => JSON.stringify(record))).size)
    expect(result.records).toEqual([11_998, 11_999].map((i) => Object.values(records[i]!)))
  })
})

describe('sort folding and long lists of bad names', () => {
  it('keeps the first clause of a field sorted again, in the order sent, and echoes the sort as sent', async () => {
    const sent = 'num desc, dt, num, "dt" desc, txt'
    const { result } = await run({ resource_id: 'ndt', records_format: 'lists', fields: '_id', sort: sent })
    expect(result.records).toEqual(await recordsOf({ resource_id: 'ndt', records_format: 'lists', fields: '_id', sort: 'num desc, dt, txt' }))
    expect(result.records).toEqual([[1], [3], [2]])
    expect(result.sort).toBe(sent)
  })

  it('lists the first 20 unknown names of a parameter, then how many there are in all', async () => {
    const sort = Array.from({ length: 25 }, (_, i) => `gone${i}`)
    const { status, error } = await run({ resource_id: 'ndt', sort, q: Object.fromEntries(sort.map((name) => [name, 'x'])) })
    expect(status).toBe(409)
    for (const key of ['sort', 'q']) {
      const messages = error[key] as string[]
      expect(messages).toHaveLength(21)
      expect(messages[19]).toMatch(/"gone19"/)
      expect(messages[20]).toBe('... and 5 more: 25 unknown fields in all')
    }
  })
})
