// The HTTP contract of spec/api.md through the fetch-style handler: routes, GET vs POST parsing,
// 400 bare strings, 404/405 envelopes, OPTIONS preflight, CORS on every answer, tokens, help URL.

import { describe, expect, it } from 'vitest'
import { createDatastoreHandler, LARGE_BODY_CHARS } from './handler.ts'
import { catalogWith, PRIVATE_ID, TOKEN } from './test-support/fixtures.ts'

const ORIGIN = 'http://127.0.0.1:8800'
const ACTION = `${ORIGIN}/data/api/action/datastore_search`
const HELP = `${ORIGIN}/data/api/3/action/help_show?name=datastore_search`
const handler = createDatastoreHandler({ catalog: catalogWith(), basePath: '/data', tokens: [TOKEN] })

function post(body: string, headers: Record<string, string> = {}): Promise<Response> {
  return handler(new Request(ACTION, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } }))
}

function get(query: string, headers: Record<string, string> = {}): Promise<Response> {
  return handler(new Request(`${ACTION}?${query}`, { headers }))
}

function expectCors(response: Response): void {
  expect(response.headers.get('access-control-allow-origin')).toBe('*')
}


function postForm(body: string): Promise<Response> {
  return handler(new Request(ACTION, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' } }))
}

describe('routing', () => {
  it('answers POST with a JSON body on /api/action and /api/3/action', async () => {
    for (const url of [ACTION, `${ORIGIN}/data/api/3/action/datastore_search`]) {
      const response = await handler(new Request(url, { method: 'POST', body: '{"resource_id": "courses", "limit": 1}' }))
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/json;charset=utf-8')
      expectCors(response)
      const body = (await response.json()) as { help: string; result: { records: unknown[] } }
      expect(body.help).toBe(HELP)
      expect(body.result.records).toHaveLength(1)
    }
  })

  it('any other path is a 404 envelope with CORS', async () => {
    for (const path of ['/data/api/action/datastore_delete', '/other/api/action/datastore_search', '/data/api/action/datastore_search/']) {
      const response = await handler(new Request(`${ORIGIN}${path}`))
      expect(response.status).toBe(404)
      expectCors(response)
      const body = (await response.json()) as { help: string; success: boolean; error: { __type: string } }
      expect(body).toMatchObject({ help: HELP, success: false, error: { __type: 'Not Found Error' } })
    }
  })

  it('another method on the action path is a 405 that says what is allowed', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const response = await handler(new Request(ACTION, { method, body: '{}' }))
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('GET, POST, OPTIONS')
      expectCors(response)
      expect(await response.json()).toMatchObject({ success: false, error: { __type: 'Method Not Allowed' } })
    }
  })

  it('OPTIONS answers the CORS preflight', async () => {
    const response = await handler(new Request(ACTION, { method: 'OPTIONS' }))
    expect(response.status).toBe(204)
    expectCors(response)
    expect(response.headers.get('access-control-allow-methods')).toBe('GET, POST, OPTIONS')
    expect(response.headers.get('access-control-allow-headers')).toBe('Authorization, X-CKAN-API-Key, Content-Type')
  })

  it('serves another base path, and the root', async () => {
    const rooted = createDatastoreHandler({ catalog: catalogWith(), basePath: '', tokens: [] })
    const response = await rooted(new Request(`${ORIGIN}/api/action/datastore_search?resource_id=courses`))
    expect(response.status).toBe(200)
    expect(((await response.json()) as { help: string }).help).toBe(`${ORIGIN}/api/3/action/help_show?name=datastore_search`)
  })
})

describe('GET', () => {
  it('reads every parameter as a string: limit "5", filters and object q as JSON text', async () => {
    const filters = encodeURIComponent('{"stage":["active","draft"]}')
    const q = encodeURIComponent('{"subject":"o"}')
    const response = await get(`resource_id=courses&limit=5&filters=${filters}&q=${q}&sort=seats%20desc`)
    expect(response.status).toBe(200)
    const { result } = (await response.json()) as { result: { limit: number; records: { _id: number }[]; q: unknown } }
    expect(result.limit).toBe(5)
    expect(result.q).toEqual({ subject: 'o' })
    expect(result.records.map((record) => record['_id'])).toEqual([1, 3])
  })

  it('a repeated key becomes a list (fields=a&fields=b)', async () => {
    const response = await get('resource_id=courses&fields=stage&fields=_id&limit=1')
    const { result } = (await response.json()) as { result: { records: object[] } }
    expect(result.records).toEqual([{ stage: 'active', _id: 1 }])
  })

  it('bracket syntax is junk: 409 naming the parameter', async () => {
    const response = await get('resource_id=courses&filters[stage]=active')
    expect(response.status).toBe(409)
    expect(await response.json()).toMatchObject({ error: { __extras: ['invalid value "filters[stage]"'] } })
  })

  it('_links follow the request URL', async () => {
    const response = await get('resource_id=courses&limit=2&offset=2')
    const { result } = (await response.json()) as { result: { _links: object } }
    expect(result['_links']).toEqual({
      start: '/data/api/action/datastore_search?resource_id=courses&limit=2',
      next: '/data/api/action/datastore_search?resource_id=courses&limit=2&offset=4',
    })
  })
})

describe('POST bodies', () => {
  it('malformed JSON is a 400 whose body is a bare JSON string, with CORS', async () => {
    const response = await post('{"resource_id": ')
    expect(response.status).toBe(400)
    expectCors(response)
    const body: unknown = await response.json()
    expect(typeof body).toBe('string')
    expect(body as string).toMatch(/^Bad request - JSON Error: Error decoding JSON data\. Error: /)
  })

  it('JSON that is not an object is a 400 bare string naming what it got', async () => {
    for (const [text, shown] of [['[1]', '[1]'], ['"x"', '"x"'], ['null', 'null'], ['5', '5']]) {
      const response = await post(text as string)
      expect(response.status).toBe(400)
      expect(await response.json()).toBe(`Bad request - JSON Error: Request data JSON decoded to ${shown} but it needs to be a dictionary.`)
    }
  })

  it('an empty body is an empty request: 409 Missing value', async () => {
    const response = await post('')
    expect(response.status).toBe(409)
    expect(await response.json()).toEqual({ help: HELP, success: false, error: { __type: 'Validation Error', resource_id: ['Missing value'] } })
  })

  it('a form-encoded body is read like a query string', async () => {
    const response = await handler(
      new Request(ACTION, { method: 'POST', body: 'resource_id=courses&limit=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    )
    expect(response.status).toBe(200)
  })

  it('a form body of one key holding JSON (jQuery posting for ckan.js) is that JSON, as in CKAN', async () => {
    const json = await postForm(encodeURIComponent(JSON.stringify({ resource_id: 'courses', limit: 2, filters: { stage: 'active' } })))
    expect(json.status).toBe(200)
    const { result } = (await json.json()) as { result: { records: unknown[]; filters: unknown } }
    expect(result.records).toHaveLength(2)
    expect(result.filters).toEqual({ stage: 'active' })
    const broken = await postForm(`${encodeURIComponent('{"resource_id": ')}=1`)
    expect(broken.status).toBe(400)
    expect(String(await broken.json())).toMatch(/^Bad request - JSON Error: Error decoding JSON data/)
  })

  it('_links of a POST carry no body parameters', async () => {
    const response = await post('{"resource_id": "courses", "limit": 3, "offset": 3}')
    const { result } = (await response.json()) as { result: { _links: object } }
    expect(result['_links']).toEqual({
      start: '/data/api/action/datastore_search',
      next: '/data/api/action/datastore_search?offset=6',
    })
  })
})

describe('Authorization', () => {
  it('takes the raw token; a missing, unknown or Bearer token is anonymous', async () => {
    const body = JSON.stringify({ resource_id: PRIVATE_ID })
    expect((await post(body)).status).toBe(403)
    expect((await post(body, { authorization: 'nope' })).status).toBe(403)
    const bearer = await post(body, { authorization: `Bearer ${TOKEN}` })
    expect(bearer.status).toBe(403)
    expectCors(bearer)
    expect(await bearer.json()).toMatchObject({ success: false, error: { __type: 'Authorization Error' } })
    expect((await post(body, { authorization: TOKEN })).status).toBe(200)
    expect((await get(`resource_id=${PRIVATE_ID}`, { authorization: TOKEN })).status).toBe(200)
  })

  it('reads X-CKAN-API-Key like Authorization, whichever of the two holds a known token', async () => {
    const body = JSON.stringify({ resource_id: PRIVATE_ID })
    expect((await post(body, { 'x-ckan-api-key': TOKEN })).status).toBe(200)
    expect((await get(`resource_id=${PRIVATE_ID}`, { 'x-ckan-api-key': TOKEN })).status).toBe(200)
    expect((await post(body, { 'x-ckan-api-key': TOKEN, authorization: 'stale' })).status).toBe(200)
    expect((await post(body, { 'x-ckan-api-key': 'nope' })).status).toBe(403)
  })

  it('public data answers with an unknown token', async () => {
    expect((await post('{"resource_id": "courses"}', { authorization: 'Bearer whatever' })).status).toBe(200)
  })
})

describe('failures', () => {
  it('an exception while loading is a 500 envelope with CORS', async () => {
    const catalog = catalogWith()
    catalog.add({ id: 'broken', load: () => Promise.reject(new Error('gone')) })
    const failing = createDatastoreHandler({ catalog, basePath: '/data', tokens: [] })
    const response = await failing(new Request(`${ACTION}?resource_id=broken`))
    expect(response.status).toBe(500)
    expectCors(response)
    expect(await response.json()).toEqual({
      help: HELP,
      success: false,
      error: { __type: 'Internal Server Error', message: 'Internal Server Error' },
    })
  })
})

function pausingHandler(): { handler: (request: Request) => Promise<Response>; pauses: () => number } {
  let count = 0
  const paused = createDatastoreHandler({ catalog: catalogWith(), basePath: '/data', tokens: [TOKEN], pause: async () => void count++ })
  return { handler: paused, pauses: () => count }
}

const send = (to: (request: Request) => Promise<Response>, body: string): Promise<Response> =>
  to(new Request(ACTION, { method: 'POST', body, headers: { 'content-type': 'application/json' } }))

describe('a large body, with a host that pauses', () => {
  // the same sort clauses many times over: a body of megabytes that folds to two clauses
  const clauses = Array.from({ length: 40_000 }, (_, i) => (i % 2 === 0 ? 'subject desc' : 'code'))
  const large = JSON.stringify({ resource_id: 'courses', sort: clauses, limit: 3 })
  const small = JSON.stringify({ resource_id: 'courses', sort: 'subject desc, code', limit: 3 })

  it('pauses between reading, parsing, answering and encoding it, and answers as without pauses', async () => {
    expect(large.length).toBeGreaterThanOrEqual(LARGE_BODY_CHARS)
    const { handler: paused, pauses } = pausingHandler()
    const answer = await send(paused, large)
    expect(pauses()).toBeGreaterThanOrEqual(5)
    const plain = await send(handler, large)
    expect(answer.status).toBe(200)
    expect(await answer.text()).toBe(await plain.text())
    expect(answer.headers.get('content-type')).toBe(plain.headers.get('content-type'))
    expectCors(answer)
  })

  it('never pauses a small request', async () => {
    const { handler: paused, pauses } = pausingHandler()
    expect((await send(paused, small)).status).toBe(200)
    expect((await paused(new Request(`${ACTION}?resource_id=courses&limit=1`))).status).toBe(200)
    expect(pauses()).toBe(0)
  })
})
