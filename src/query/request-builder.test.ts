import { describe, expect, it } from 'vitest'
import { defaultQuery, DEMO_BASE_URL } from './defaults.ts'
import { buildActionRequest, buildRequest, redactedRequest, withExtraParameters } from './request-builder.ts'
import type { QueryState } from './types.ts'

const live = (overrides: Partial<QueryState>): QueryState => ({
  ...defaultQuery(),
  source: 'live',
  baseUrl: 'http://127.0.0.1:8800/data',
  resourceId: 'd2a1e7a0-6b0c-4e55-9a57-2f3c5c1f1e01',
  limit: 5,
  ...overrides,
})

describe('POST requests', () => {
  it('are exactly the seed example: JSON body, content type and the raw token', () => {
    const spec = buildRequest(live({ filters: [{ field: 'stage', values: ['active'] }] }), { token: 'tok-123' })
    expect(spec).toEqual({
      method: 'POST',
      url: 'http://127.0.0.1:8800/data/api/action/datastore_search',
      headers: [
        ['Content-Type', 'application/json'],
        ['Authorization', 'tok-123'],
      ],
      body: '{"resource_id":"d2a1e7a0-6b0c-4e55-9a57-2f3c5c1f1e01","limit":5,"filters":{"stage":"active"}}',
    })
  })

  it('send no Authorization header without a token', () => {
    expect(buildRequest(live({})).headers).toEqual([['Content-Type', 'application/json']])
    expect(buildRequest(live({}), { token: '  ' }).headers).toEqual([['Content-Type', 'application/json']])
  })

  it('send several values of a field as an array, several fields as keys, and the optional parameters only when set', () => {
    const spec = buildRequest(
      live({
        limit: undefined,
        q: 'grain',
        filters: [
          { field: 'stage', values: ['active', 'draft'] },
          { field: 'subject', values: ['Biology'] },
        ],
        sort: [
          { field: 'subject', direction: 'asc' },
          { field: 'rating with %', direction: 'desc' },
        ],
        sortOn: 'server',
        offset: 10,
        fields: ['subject', 'stage'],
      }),
    )
    expect(JSON.parse(spec.body ?? '')).toEqual({
      resource_id: 'd2a1e7a0-6b0c-4e55-9a57-2f3c5c1f1e01',
      q: 'grain',
      filters: { stage: ['active', 'draft'], subject: 'Biology' },
      sort: 'subject asc, "rating with %" desc nulls last, _id',
      offset: 10,
      fields: ['subject', 'stage'],
    })
  })

  it('end a sort with _id unless it has it already, so ties keep one order across pages', () => {
    const byName = buildRequest(live({ sort: [{ field: 'name', direction: 'asc' }], sortOn: 'server' }))
    expect(JSON.parse(byName.body ?? '').sort).toBe('name asc, _id')
    const byId = buildRequest(live({ sort: [{ field: '_id', direction: 'desc' }, { field: 'name', direction: 'asc' }], sortOn: 'server' }))
    expect(JSON.parse(byId.body ?? '').sort).toBe('_id desc nulls last, name asc')
  })

  it('leave the sort out while the grid sorts in the browser', () => {
    const spec = buildRequest(live({ sort: [{ field: 'subject', direction: 'asc' }], sortOn: 'browser' }))
    expect(JSON.parse(spec.body ?? '')).not.toHaveProperty('sort')
  })

  it('send the sort as a list when a field name holds a comma', () => {
    const spec = buildRequest(live({ sort: [{ field: 'a,b', direction: 'desc' }, { field: 'c', direction: 'asc' }], sortOn: 'server' }))
    expect(JSON.parse(spec.body ?? '').sort).toEqual(['"a,b" desc nulls last', 'c asc', '_id'])
  })

  it('keep a field named __proto__ as an ordinary filter key', () => {
    const spec = buildRequest(live({ filters: [{ field: '__proto__', values: ['x'] }] }))
    expect(spec.body).toContain('"filters":{"__proto__":"x"}')
  })

  it('go to the demo address in demo mode, whatever the live base URL says', () => {
    expect(buildRequest(live({ source: 'demo', baseUrl: 'https://elsewhere.example/x' })).url).toBe(`${DEMO_BASE_URL}/api/action/datastore_search`)
  })

  it('ignore a trailing slash on the base URL', () => {
    expect(buildRequest(live({ baseUrl: 'https://portal.example/data/' })).url).toBe('https://portal.example/data/api/action/datastore_search')
  })
})

describe('GET requests', () => {
  it('carry the parameters in the query string, filters as JSON text, and no body or header', () => {
    const spec = buildRequest(live({ method: 'GET', q: 'a b&c', filters: [{ field: 'stage', values: ['active'] }] }))
    expect(spec).toEqual({
      method: 'GET',
      url:
        'http://127.0.0.1:8800/data/api/action/datastore_search?resource_id=d2a1e7a0-6b0c-4e55-9a57-2f3c5c1f1e01' +
        '&limit=5&q=a%20b%26c&filters=%7B%22stage%22%3A%22active%22%7D',
      headers: [],
    })
    const params = new URL(spec.url).searchParams
    expect(JSON.parse(params.get('filters') ?? '')).toEqual({ stage: 'active' })
    expect(params.get('q')).toBe('a b&c')
  })

  it('send the token as Authorization when one is given', () => {
    expect(buildRequest(live({ method: 'GET' }), { token: 't' }).headers).toEqual([['Authorization', 't']])
  })

  it('send fields as a comma string, or repeated when a name holds a comma', () => {
    const plain = new URL(buildRequest(live({ method: 'GET', fields: ['a', 'b'] })).url).searchParams
    expect(plain.getAll('fields')).toEqual(['a,b'])
    const comma = new URL(buildRequest(live({ method: 'GET', fields: ['a,b', 'c'] })).url).searchParams
    expect(comma.getAll('fields')).toEqual(['a,b', 'c'])
  })
})

describe('extra parameters', () => {
  it('go after the query\'s own, and replace a parameter of the same name, in POST and GET alike', () => {
    const query = live({ sort: [{ field: 'stage', direction: 'asc' }], sortOn: 'server' })
    const extra = [['distinct', true], ['sort', 'stage desc nulls last']] as const
    expect(JSON.parse(buildRequest(query, { extra }).body ?? '')).toEqual({ resource_id: query.resourceId, limit: 5, distinct: true, sort: 'stage desc nulls last' })
    const params = new URL(buildRequest({ ...query, method: 'GET' }, { extra }).url).searchParams
    expect([params.getAll('sort'), params.get('distinct')]).toEqual([['stage desc nulls last'], 'true'])
  })
})

const body = (spec: ReturnType<typeof buildRequest>) => JSON.parse(spec.body ?? '{}') as Record<string, unknown>

describe('records_format', () => {
  it('asks for lists only for pages over 1,000 records, and only from a server known to accept them', () => {
    expect(body(buildRequest(live({ limit: 1001 }), { listsAccepted: true })).records_format).toBe('lists')
    expect(body(buildRequest(live({ limit: 1000 }), { listsAccepted: true }))).not.toHaveProperty('records_format')
    expect(body(buildRequest(live({ limit: undefined }), { listsAccepted: true }))).not.toHaveProperty('records_format')
    expect(body(buildRequest(live({ limit: 32000 }), { listsAccepted: false }))).not.toHaveProperty('records_format')
    expect(body(buildRequest(live({ limit: 32000 })))).not.toHaveProperty('records_format')
  })

  it('goes last in the body and in a GET query string', () => {
    expect(Object.keys(body(buildRequest(live({ limit: 5000, q: 'x', offset: 10 }), { listsAccepted: true })))).toEqual(['resource_id', 'limit', 'q', 'offset', 'records_format'])
    const url = new URL(buildRequest(live({ method: 'GET', limit: 5000 }), { listsAccepted: true }).url)
    expect([...url.searchParams.keys()].at(-1)).toBe('records_format')
    expect(url.searchParams.get('records_format')).toBe('lists')
  })

  it('can be asked for explicitly whatever the page size (the probe)', () => {
    expect(body(buildRequest(live({ limit: 1 }), { recordsFormat: 'lists' })).records_format).toBe('lists')
  })
})

describe('redactedRequest', () => {
  it('replaces the token and nothing else', () => {
    const spec = buildRequest(live({}), { token: 'tok-123' })
    const shown = redactedRequest(spec)
    expect(shown.headers).toEqual([
      ['Content-Type', 'application/json'],
      ['Authorization', '<API_TOKEN>'],
    ])
    expect(shown.body).toBe(spec.body)
    expect(JSON.stringify(shown)).not.toContain('tok-123')
  })
})

describe('buildActionRequest', () => {
  it('asks another action by GET under the same base, with the token only when given', () => {
    expect(buildActionRequest('https://open.canada.ca/data/en/', 'resource_show', { id: 'a b' })).toEqual({
      method: 'GET',
      url: 'https://open.canada.ca/data/en/api/action/resource_show?id=a%20b',
      headers: [],
    })
    expect(buildActionRequest('https://demo.ckan.org', 'datastore_info', { id: 'x' }, { token: ' t ' }).headers).toEqual([['Authorization', 't']])
  })
})

describe('withExtraParameters', () => {
  it('adds parameters the form does not hold to a POST body or a GET query string', () => {
    const query = { ...defaultQuery(), source: 'live' as const, baseUrl: 'https://demo.ckan.org', resourceId: 'r', limit: 1 }
    expect(withExtraParameters(buildRequest(query), { distinct: true }).body).toBe('{"resource_id":"r","limit":1,"distinct":true}')
    expect(withExtraParameters(buildRequest({ ...query, method: 'GET' }), { records_format: 'lists' }).url).toBe(
      'https://demo.ckan.org/api/action/datastore_search?resource_id=r&limit=1&records_format=lists',
    )
  })
})

describe('SQL requests', () => {
  const SQL = `SELECT "subject", count(*) FROM "x" WHERE a = 'b&c=d' GROUP BY 1;`

  it('POST: {"sql"} as the whole JSON body to datastore_search_sql, whatever else the query holds', () => {
    expect(buildRequest(live({ sql: SQL, q: 'ignored', filters: [{ field: 'a', values: ['b'] }] }), { token: 't' })).toEqual({
      method: 'POST',
      url: 'http://127.0.0.1:8800/data/api/action/datastore_search_sql',
      headers: [
        ['Content-Type', 'application/json'],
        ['Authorization', 't'],
      ],
      body: JSON.stringify({ sql: SQL }),
    })
  })

  it('GET: ?sql= percent-encoded, no body, a token only when given', () => {
    const spec = buildRequest(live({ sql: SQL, method: 'GET' }))
    expect(spec.method).toBe('GET')
    expect(spec.headers).toEqual([])
    expect(spec.body).toBeUndefined()
    const url = new URL(spec.url)
    expect(url.pathname).toBe('/data/api/action/datastore_search_sql')
    expect([...url.searchParams]).toEqual([['sql', SQL]])
  })

  it('demo SQL is addressed to the demo base URL, as demo searches are', () => {
    expect(buildRequest({ ...defaultQuery(), sql: 'SELECT 1' }).url).toBe(`${DEMO_BASE_URL}/api/action/datastore_search_sql`)
  })
})
