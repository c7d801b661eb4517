// Every rule and error row of spec/api.md, checked through datastoreSearch (no HTTP), plus the
// rows of CKAN's conformance list (notes/ckan-datastore.md §5) that fit api.md.

import { describe, expect, it } from 'vitest'
import { datastoreSearch, type SearchContext } from './datastore-search.ts'
import { BOOKS_ID, catalogWith, PRIVATE_ID, TOKEN } from './test-support/fixtures.ts'

const PATH = '/data/api/action/datastore_search'
const HELP = 'http://127.0.0.1:8800/data/api/3/action/help_show?name=datastore_search'

interface Envelope {
  help: string
  success: boolean
  result: Record<string, unknown> & { records: Record<string, unknown>[]; fields: { id: string; type: string }[] }
  error: Record<string, unknown>
}

async function run(params: unknown, context: Partial<SearchContext> = {}): Promise<{ status: number; body: Envelope }> {
  const outcome = await datastoreSearch(catalogWith(), params, {
    tokens: [TOKEN],
    requestPath: PATH,
    origin: 'http://127.0.0.1:8800',
    ...context,
  })
  return { status: outcome.status, body: outcome.body as Envelope }
}

async function ids(params: Record<string, unknown>): Promise<number[]> {
  const { status, body } = await run({ resource_id: 'courses', ...params })
  expect(status).toBe(200)
  return body.result.records.map((record) => record['_id'] as number)
}

async function errorOf(params: unknown): Promise<Record<string, unknown>> {
  const { status, body } = await run(params)
  expect(status).toBe(409)
  expect(body.success).toBe(false)
  expect(body.help).toBe(HELP)
  return body.error
}

describe('resource_id', () => {
  it('answers the whole resource with records in load order (conformance #1)', async () => {
    const { status, body } = await run({ resource_id: BOOKS_ID })
    expect(status).toBe(200)
    expect(body.success).toBe(true)
    expect(body.result.total).toBe(2)
    expect(body.result.records).toEqual([
      { _id: 1, bük: 'annakarenina', author: 'tolstoy', published: '2005-03-01T00:00:00', 'rating with %': '60%', nested: ['b', { moo: 'moo' }] },
      { _id: 2, bük: 'warandpeace', author: 'tolstoy', published: null, 'rating with %': '99%', nested: { a: 'b' } },
    ])
  })

  it('accepts `id` as an alias of resource_id (#2) and an alias name, echoing the real id (#3)', async () => {
    const byId = await run({ id: BOOKS_ID })
    expect(byId.body.result.resource_id).toBe(BOOKS_ID)
    const byAlias = await run({ resource_id: 'books3' })
    expect(byAlias.body.result.resource_id).toBe(BOOKS_ID)
    expect(byAlias.body.result.total).toBe(2)
  })

  it('is required: 409 with exactly CKAN\'s body (#6)', async () => {
    const { status, body } = await run({})
    expect(status).toBe(409)
    expect(body).toEqual({ help: HELP, success: false, error: { __type: 'Validation Error', resource_id: ['Missing value'] } })
    expect((await errorOf({ resource_id: '' })).resource_id).toEqual(['Missing value'])
  })

  it('unknown resource: 404 Not Found Error naming it (#5)', async () => {
    const { status, body } = await run({ resource_id: 'nope' })
    expect(status).toBe(404)
    expect(body).toEqual({
      help: HELP,
      success: false,
      error: { __type: 'Not Found Error', message: 'Not found: Resource "nope" was not found.' },
    })
  })
})

describe('result envelope', () => {
  it('has help, success and the always-present result keys, fields with _id first', async () => {
    const { body } = await run({ resource_id: 'courses', limit: 1 })
    expect(body.help).toBe(HELP)
    expect(Object.keys(body.result)).toEqual([
      'resource_id', 'limit', 'include_total', 'records_format', 'total_estimation_threshold', 'fields', 'records', 'total',
      'total_was_estimated', '_links',
    ])
    expect(body.result.fields).toEqual([
      { id: '_id', type: 'int' }, { id: 'subject', type: 'text' }, { id: 'stage', type: 'text' }, { id: 'code', type: 'text' },
      { id: 'seats', type: 'int4' }, { id: 'fee', type: 'numeric' }, { id: 'online', type: 'bool' }, { id: 'starts', type: 'date' },
    ])
    expect(body.result.records_format).toBe('objects')
    expect(body.result.total_was_estimated).toBe(false)
  })

  it('encodes values by type: numbers, booleans, dates, nulls, json', async () => {
    const { body } = await run({ resource_id: 'courses', limit: 3 })
    expect(body.result.records[0]).toEqual({
      _id: 1, subject: 'Biology', stage: 'active', code: '25', seats: 30, fee: 10.5, online: true, starts: '2024-09-01',
    })
    expect(body.result.records[2]).toMatchObject({ fee: 99, online: null, starts: null })
  })

  it('echoes q, filters, offset and sort only when sent, as validated', async () => {
    const plain = await run({ resource_id: 'courses' })
    for (const key of ['q', 'filters', 'offset', 'sort']) expect(plain.body.result).not.toHaveProperty(key)
    const echoed = await run({ resource_id: 'courses', q: '{"subject": "bio"}', filters: '{"stage": "active"}', offset: '1', sort: ['seats desc'] })
    expect(echoed.body.result.q).toEqual({ subject: 'bio' })
    expect(echoed.body.result.filters).toEqual({ stage: 'active' })
    expect(echoed.body.result.offset).toBe(1)
    expect(echoed.body.result.sort).toEqual(['seats desc'])
  })

  it('builds _links from the request path and query: start without offset, next = offset + limit, prev when > 0', async () => {
    const { body } = await run(
      { resource_id: 'courses', limit: '2', offset: '5' },
      { requestQuery: 'resource_id=courses&offset=5&limit=2&q=a b&x=' },
    )
    expect(body.result['_links']).toEqual({
      start: `${PATH}?resource_id=courses&limit=2&q=a+b`,
      next: `${PATH}?resource_id=courses&offset=7&limit=2&q=a+b`,
      prev: `${PATH}?resource_id=courses&offset=3&limit=2&q=a+b`,
    })
  })

  it('_links of a POST lose the body parameters; filters JSON is percent-encoded the Python way', async () => {
    const post = await run({ resource_id: 'courses' }, { requestQuery: '' })
    expect(post.body.result['_links']).toEqual({ start: PATH, next: `${PATH}?offset=100` })
    const get = await run({ resource_id: 'courses', filters: '{"stage":"x"}' }, { requestQuery: 'filters=%7B%22stage%22%3A%22x%22%7D' })
    expect((get.body.result['_links'] as { next: string }).next).toBe(`${PATH}?filters=%7B%22stage%22%3A%22x%22%7D&offset=100`)
  })
})

describe('limit', () => {
  it('defaults to 100 and accepts a numeric string', async () => {
    expect((await run({ resource_id: 'courses' })).body.result.limit).toBe(100)
    const { body } = await run({ resource_id: 'courses', limit: '2' })
    expect(body.result.limit).toBe(2)
    expect(body.result.records).toHaveLength(2)
  })

  it('0 gives no records but still the total (#15)', async () => {
    const { body } = await run({ resource_id: 'courses', limit: 0 })
    expect(body.result.records).toEqual([])
    expect(body.result.total).toBe(6)
  })

  it('is clamped to 32000 silently', async () => {
    expect((await run({ resource_id: 'courses', limit: 40000 })).body.result.limit).toBe(32000)
    expect((await run({ resource_id: 'courses', limit: '99999999999' })).body.result.limit).toBe(32000)
  })

  it('rejects non-integers with "Invalid integer" (#9) and negatives with "Must be a natural number" (#10)', async () => {
    for (const limit of ['abc', 1.5, '1.0', true, [1, 2], ' ']) {
      expect((await errorOf({ resource_id: 'courses', limit })).limit).toEqual(['Invalid integer'])
    }
    for (const limit of [-1, '-1']) {
      expect((await errorOf({ resource_id: 'courses', limit })).limit).toEqual(['Must be a natural number'])
    }
  })
})

describe('offset', () => {
  it('skips records (#18)', async () => {
    expect(await ids({ limit: 2, offset: 1 })).toEqual([2, 3])
    expect(await ids({ offset: '5' })).toEqual([6])
    expect(await ids({ offset: 50 })).toEqual([])
  })

  it('rejects bad values under the offset key (#19, #20)', async () => {
    expect((await errorOf({ resource_id: 'courses', offset: 'bad' })).offset).toEqual(['Invalid integer'])
    expect((await errorOf({ resource_id: 'courses', offset: -1 })).offset).toEqual(['Must be a natural number'])
  })
})

describe('q', () => {
  it('matches a case-insensitive substring of any field (#47, #48)', async () => {
    expect(await ids({ q: 'BIO' })).toEqual([1, 2])
    expect(await ids({ q: 'ctiv' })).toEqual([1, 3, 5, 6])
    const { body } = await run({ resource_id: BOOKS_ID, q: 'tolstoy' })
    expect(body.result.total).toBe(2)
    expect(body.result.records[0]).not.toHaveProperty('rank')
  })

  it('handles non-ASCII text: É/é, ß', async () => {
    expect(await ids({ q: 'économie' })).toEqual([3])
    expect(await ids({ q: 'ÉCO' })).toEqual([3])
    expect(await ids({ q: 'STRASSE' })).toEqual([])
    expect(await ids({ q: 'straße' })).toEqual([5])
  })

  it('never matches across two fields, and never searches _id', async () => {
    // record 1 is "Biology" then "active": the text "gyactive" only exists across the boundary
    expect(await ids({ q: 'gyactive' })).toEqual([])
    expect(await ids({ q: 'gy active' })).toEqual([])
    expect(await ids({ q: '6' })).toEqual([])
  })

  it('searches the text of non-text values (numbers, booleans, json)', async () => {
    expect(await ids({ q: '10.5' })).toEqual([1])
    expect(await ids({ q: 'TRUE' })).toEqual([1, 4, 6])
    const { body } = await run({ resource_id: BOOKS_ID, q: 'moo' })
    expect(body.result.total).toBe(1)
  })

  it('an empty string means no search, and is echoed', async () => {
    const { body } = await run({ resource_id: 'courses', q: '' })
    expect(body.result.total).toBe(6)
    expect(body.result.q).toBe('')
  })

  it('an object searches each named field, all must match (#50, #51, #43)', async () => {
    expect(await ids({ q: { subject: 'bio', stage: 'act' } })).toEqual([1])
    expect(await ids({ q: '{"subject": "BIO"}' })).toEqual([1, 2])
    expect(await ids({ q: { _id: '3' } })).toEqual([3])
    const { body } = await run({ resource_id: BOOKS_ID, q: { bük: 'annakarenina' } })
    expect(body.result.records.map((record) => record['_id'])).toEqual([1])
  })

  it('an object naming an unknown field or holding a non-string is a 409 under q (#52, #53)', async () => {
    expect((await errorOf({ resource_id: BOOKS_ID, q: { invalid_field_name: 'value' } })).q).toEqual(['Unknown field "invalid_field_name"'])
    expect((await errorOf({ resource_id: BOOKS_ID, q: { author: ['invalid', 'value'] } })).q).toEqual(['Value of field "author" must be a string'])
    expect((await errorOf({ resource_id: BOOKS_ID, q: ['x'] })).q).toHaveLength(1)
  })
})

describe('filters', () => {
  it('compare exact text, case-sensitive (#36)', async () => {
    expect(await ids({ filters: { stage: 'active' } })).toEqual([1, 3, 6])
    expect(await ids({ filters: { stage: 'Active' } })).toEqual([5])
    expect(await ids({ filters: { stage: 'activ' } })).toEqual([])
  })

  it('treat 5 and "5" as the same value on text and number columns (#41)', async () => {
    expect(await ids({ filters: { code: 25 } })).toEqual([1, 4])
    expect(await ids({ filters: { code: '37' } })).toEqual([2])
    expect(await ids({ filters: { seats: '30' } })).toEqual([1])
    expect(await ids({ filters: { seats: 30 } })).toEqual([1])
    expect(await ids({ filters: { online: true } })).toEqual([1, 4, 6])
    expect(await ids({ filters: { fee: 0.25 } })).toEqual([4])
  })

  it('an array means any of its values (#37); an empty array matches nothing', async () => {
    expect(await ids({ filters: { stage: ['draft', 'closed'] } })).toEqual([2, 4])
    const { body } = await run({ resource_id: 'courses', filters: { stage: [] } })
    expect(body.result.records).toEqual([])
    expect(body.result.total).toBe(0)
  })

  it('several fields must all match, and combine with q by AND', async () => {
    expect(await ids({ filters: { stage: 'active', code: ['25', 'x'] } })).toEqual([1, 6])
    expect(await ids({ filters: { stage: 'active' }, q: 'O' })).toEqual([1, 3])
  })

  it('null matches nothing, "" matches an empty text, _id is filterable', async () => {
    expect(await ids({ filters: { fee: null } })).toEqual([])
    expect(await ids({ filters: { code: '' } })).toEqual([5])
    expect(await ids({ filters: { _id: [2, '4'] } })).toEqual([2, 4])
  })

  it('arrive as JSON text over GET (#38)', async () => {
    expect(await ids({ filters: '{"stage": ["draft"]}' })).toEqual([4])
  })

  it('reject text that is not JSON (#39), JSON that is not an object, unknown fields (#40), nested values', async () => {
    expect((await errorOf({ resource_id: BOOKS_ID, filters: 'the-filter' })).filters).toEqual(['Cannot parse JSON'])
    expect((await errorOf({ resource_id: BOOKS_ID, filters: '[1]' })).filters).toEqual([
      'Must be a JSON object mapping field names to a value or a list of values',
    ])
    expect((await errorOf({ resource_id: BOOKS_ID, filters: { 'invalid-column-name': 'value' } })).filters).toEqual([
      'Unknown field "invalid-column-name"',
    ])
    expect((await errorOf({ resource_id: BOOKS_ID, filters: { author: { gt: 1 } } })).filters).toEqual([
      'Value of field "author" must be a string, number, boolean or null, or a list of them',
    ])
  })

  it('work on field names with spaces and percent signs (#42)', async () => {
    const { body } = await run({ resource_id: BOOKS_ID, filters: { 'rating with %': '99%' } })
    expect(body.result.total).toBe(1)
  })
})

describe('sort', () => {
  it('defaults to _id order; accepts multi-key strings and lists (#27, #28)', async () => {
    expect(await ids({})).toEqual([1, 2, 3, 4, 5, 6])
    const { body } = await run({ resource_id: BOOKS_ID, sort: 'bük asc, author desc' })
    expect(body.result.records.map((record) => record['_id'])).toEqual([1, 2])
    const list = await run({ resource_id: BOOKS_ID, sort: ['bük desc', '"author" asc'] })
    expect(list.body.result.records.map((record) => record['_id'])).toEqual([2, 1])
  })

  it('orders text by locale-aware collation: case and accents next to their letter', async () => {
    // Code-point order would be Biology, Straße, apple, biology, cherry, Économie.
    expect(await ids({ sort: 'subject' })).toEqual([6, 2, 1, 4, 3, 5])
    expect(await ids({ sort: 'subject desc' })).toEqual([5, 3, 4, 1, 2, 6])
  })

  it('orders numbers numerically, nulls last on asc and first on desc', async () => {
    expect(await ids({ sort: 'seats' })).toEqual([6, 2, 3, 1, 5, 4])
    expect(await ids({ sort: 'seats desc' })).toEqual([4, 5, 1, 3, 2, 6])
    expect(await ids({ sort: 'fee asc' })).toEqual([4, 5, 6, 1, 3, 2])
    expect(await ids({ sort: 'online, _id desc' })).toEqual([5, 2, 6, 4, 1, 3])
  })

  it('breaks ties with the next key, then _id', async () => {
    expect(await ids({ sort: 'stage, seats desc' })).toEqual([1, 3, 6, 5, 2, 4])
    expect(await ids({ sort: 'starts desc' })).toEqual([3, 1, 4, 2, 5, 6])
  })

  it('rejects unknown fields naming the clause (#29)', async () => {
    const error = await errorOf({ resource_id: BOOKS_ID, sort: 'füü asc' })
    expect(error.sort).toEqual(['invalid value "füü asc": unknown field "füü"'])
    expect((await errorOf({ resource_id: BOOKS_ID, sort: 5 })).sort).toHaveLength(1)
  })
})

describe('fields', () => {
  it('selects fields in the requested order, without _id when not asked (#21, #22)', async () => {
    const list = await run({ resource_id: BOOKS_ID, fields: ['bük'] })
    expect(list.body.result.records).toEqual([{ bük: 'annakarenina' }, { bük: 'warandpeace' }])
    expect(list.body.result.fields).toEqual([{ id: 'bük', type: 'text' }])
    const text = await run({ resource_id: BOOKS_ID, fields: 'author, _id, bük', limit: 1 })
    expect(Object.keys(text.body.result.records[0] as object)).toEqual(['author', '_id', 'bük'])
    expect(text.body.result.total).toBe(2)
  })

  it('rejects unknown names and non-string items (#23, #24)', async () => {
    expect((await errorOf({ resource_id: BOOKS_ID, fields: ['invalid-column-name'] })).fields).toEqual(['Unknown field "invalid-column-name"'])
    expect((await errorOf({ resource_id: BOOKS_ID, fields: [{ id: 'bad' }] })).fields).toHaveLength(1)
  })
})

describe('include_total', () => {
  it('false drops total and total_was_estimated (#16, #17); CKAN boolean strings are read', async () => {
    const off = await run({ resource_id: 'courses', include_total: false })
    expect(off.body.result).not.toHaveProperty('total')
    expect(off.body.result).not.toHaveProperty('total_was_estimated')
    expect(off.body.result.include_total).toBe(false)
    expect((await run({ resource_id: 'courses', include_total: 'false' })).body.result.include_total).toBe(false)
    expect((await run({ resource_id: 'courses', include_total: 'yes' })).body.result.include_total).toBe(true)
    expect((await run({ resource_id: 'courses', include_total: 'nonsense' })).body.result.include_total).toBe(false)
    expect((await run({ resource_id: 'courses', include_total: '' })).body.result.include_total).toBe(true)
  })
})

describe('other parameters and several errors', () => {
  it('an unknown parameter is a 409 naming the first one under __extras, as CKAN 2.11.5 answers', async () => {
    expect((await errorOf({ resource_id: 'courses', foo: 1 }))['__extras']).toEqual(['invalid value "foo"'])
    expect((await errorOf({ resource_id: 'courses', include_next_page: true, _: '1' }))['__extras']).toEqual(['invalid value "include_next_page"'])
  })

  it('reports several problems together, one key each', async () => {
    const error = await errorOf({ limit: 'x', offset: -2, filters: 'nope', foo: 1 })
    expect(error).toEqual({
      __type: 'Validation Error',
      __extras: ['invalid value "foo"'],
      resource_id: ['Missing value'],
      limit: ['Invalid integer'],
      offset: ['Must be a natural number'],
      filters: ['Cannot parse JSON'],
    })
    const mixed = await errorOf({ resource_id: 'courses', limit: -1, sort: 'nope', fields: ['zzz'] })
    expect(Object.keys(mixed)).toEqual(['__type', 'limit', 'sort', 'fields'])
  })

  it('a body that is not an object is a 400 bare string', async () => {
    const { status, body } = await run([1])
    expect(status).toBe(400)
    expect(body).toBe('Bad request - JSON Error: Request data JSON decoded to [1] but it needs to be a dictionary.')
  })
})

describe('private resources', () => {
  it('need a known token: none, unknown or "Bearer <token>" is 403 (#4)', async () => {
    for (const token of [undefined, null, 'wrong', `Bearer ${TOKEN}`]) {
      const { status, body } = await run({ resource_id: PRIVATE_ID }, { token })
      expect(status).toBe(403)
      expect(body.error['__type']).toBe('Authorization Error')
      expect(String(body.error.message)).toMatch(/^Access denied: /)
      expect(body.success).toBe(false)
    }
    const allowed = await run({ resource_id: 'secret' }, { token: TOKEN })
    expect(allowed.status).toBe(200)
    expect(allowed.body.result.resource_id).toBe(PRIVATE_ID)
  })

  it('public data answers with any token', async () => {
    expect((await run({ resource_id: 'courses' }, { token: 'unknown' })).status).toBe(200)
  })
})

describe('unexpected failures', () => {
  it('a failing load is a 500 envelope', async () => {
    const catalog = catalogWith()
    catalog.add({ id: 'broken', load: () => { throw new Error('disk on fire') } })
    const outcome = await datastoreSearch(catalog, { resource_id: 'broken' }, { tokens: [] })
    expect(outcome.status).toBe(500)
    expect(outcome.body).toEqual({
      help: '/api/3/action/help_show?name=datastore_search',
      success: false,
      error: { __type: 'Internal Server Error', message: 'Internal Server Error' },
    })
  })
})

describe('hostile field names', () => {
  it('a field named "__proto__" is an ordinary field in records, filters and q', async () => {
    const { Catalog } = await import('./catalog.ts')
    const { tableOf } = await import('./test-support/fixtures.ts')
    const catalog = new Catalog()
    catalog.add({ id: 'odd', load: () => tableOf([{ id: '__proto__', type: 'text' }], [{ ['__proto__']: 'x' }, { ['__proto__']: 'y' }]) })
    const params = JSON.parse('{"resource_id": "odd", "filters": {"__proto__": "y"}, "q": {"__proto__": "Y"}}') as unknown
    const outcome = await datastoreSearch(catalog, params, { tokens: [] })
    expect(outcome.status).toBe(200)
    expect(JSON.stringify((outcome.body as Envelope).result.records)).toBe('[{"_id":2,"__proto__":"y"}]')
    expect(JSON.stringify((outcome.body as Envelope).result.filters)).toBe('{"__proto__":"y"}')
  })
})
