import { describe, expect, it } from 'vitest'
import type { ApiError } from './api-error.ts'
import { parseResponse, type ParseContext } from './parse-response.ts'
import type { RawResponse } from './transport.ts'

const TOKEN = 'eyJhbGciOi.secret-token.xyz'

function raw(status: number, body: string, contentType = 'application/json;charset=utf-8', statusText = ''): RawResponse {
  return { status, statusText, headers: [['content-type', contentType]], bodyText: body, elapsedMs: 3 }
}

function errorOf(response: RawResponse, context: ParseContext = {}): ApiError {
  const outcome = parseResponse(response, context)
  if (outcome.ok) throw new Error('expected an error')
  return outcome.error
}

const envelope = (error: object) =>
  JSON.stringify({ help: 'http://127.0.0.1:8800/data/api/3/action/help_show?name=datastore_search', success: false, error })

const CKAN_211_SUCCESS = JSON.stringify({
  help: 'http://127.0.0.1:8800/data/api/3/action/help_show?name=datastore_search',
  success: true,
  result: {
    resource_id: 'd2a1e7a0-6b0c-4e55-9a57-2f3c5c1f1e01',
    limit: 5,
    include_total: true,
    records_format: 'objects',
    filters: { stage: 'active' },
    fields: [{ id: '_id', type: 'int' }, { id: 'subject', type: 'text' }, { id: 'stage', type: 'text' }],
    records: [{ _id: 1, subject: 'Biology', stage: 'active' }],
    total: 1,
    total_was_estimated: false,
    _links: { start: '/data/api/action/datastore_search', next: '/data/api/action/datastore_search?offset=5' },
  },
})

const NGINX_502 = `<html>
<head><title>502 Bad Gateway</title></head>
<body>
<center><h1>502 Bad Gateway</h1></center>
<hr><center>nginx/1.24.0</center>
</body>
</html>`

const WERKZEUG_415 = `<!doctype html>
<html lang=en>
<title>415 Unsupported Media Type</title>
<h1>Unsupported Media Type</h1>
<p>Did not attempt to load JSON data because the request Content-Type was not &#39;application/json&#39;.</p>`

const WERKZEUG_405 = `<!doctype html>
<html lang=en>
<title>405 Method Not Allowed</title>
<h1>Method Not Allowed</h1>
<p>The method is not allowed for the requested URL.</p>`

describe('successful answers', () => {
  it('read a CKAN 2.11 answer into records, fields, total and links', () => {
    const outcome = parseResponse(raw(200, CKAN_211_SUCCESS), { requestedLimit: 5 })
    expect(outcome).toEqual({
      ok: true,
      result: {
        records: [{ _id: 1, subject: 'Biology', stage: 'active' }],
        fields: [{ id: '_id', type: 'int' }, { id: 'subject', type: 'text' }, { id: 'stage', type: 'text' }],
        total: 1,
        totalWasEstimated: false,
        limit: 5,
        offset: 0,
        links: { start: '/data/api/action/datastore_search', next: '/data/api/action/datastore_search?offset=5' },
        resourceId: 'd2a1e7a0-6b0c-4e55-9a57-2f3c5c1f1e01',
        recordsFormat: 'objects',
        notes: [],
      },
    })
  })

  it('note a CKAN 2.12 shape (no _links, no total_was_estimated) and a full-text rank column', () => {
    const body = JSON.stringify({
      success: true,
      result: {
        limit: 100,
        q: 'grain',
        fields: [{ id: '_id', type: 'int' }, { id: 'name', type: 'text' }, { id: 'rank', type: 'float' }],
        records: [{ _id: 3, name: 'grain silo', rank: 0.0607927 }],
        total: 1,
      },
    })
    const outcome = parseResponse(raw(200, body))
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(outcome.result.totalWasEstimated).toBeUndefined()
    expect(outcome.result.links).toBeUndefined()
    expect(outcome.result.notes.map((note) => note.kind)).toEqual(['full-text-rank', 'ckan-2.12-shape'])
  })

  it('note an estimated total, a clamped limit and a redirect', () => {
    const body = JSON.stringify({ success: true, result: { limit: 32000, fields: [], records: [], total: 1_200_000, total_was_estimated: true, _links: {} } })
    const outcome = parseResponse({ ...raw(200, body), redirectedTo: 'https://portal.example/data/api/action/datastore_search' }, { requestedLimit: 50000 })
    if (!outcome.ok) throw new Error('expected success')
    expect(outcome.result.notes.map((note) => note.kind)).toEqual(['total-estimated', 'limit-clamped', 'redirected'])
    expect(outcome.result.notes[1].message).toMatch(/32,000/)
  })

  it('derive the columns from the records when the server sends no fields', () => {
    const outcome = parseResponse(raw(200, JSON.stringify({ success: true, result: { records: [{ a: 1 }, { b: null }] } })))
    if (!outcome.ok) throw new Error('expected success')
    expect(outcome.result.fields).toEqual([{ id: 'a', type: 'unknown' }, { id: 'b', type: 'unknown' }])
    expect(outcome.result.notes.map((note) => note.kind)).toContain('fields-derived')
  })
})

const listsAnswer = (records: unknown[], fields: object[] = [{ id: '_id', type: 'int' }, { id: 'subject', type: 'text' }, { id: 'stage', type: 'text' }]) =>
  JSON.stringify({ success: true, result: { records_format: 'lists', fields, records, total: records.length, total_was_estimated: false, _links: {} } })

describe('records_format lists', () => {
  it('rebuilds each list into a record keyed by the fields, in their order, and says which format came', () => {
    const outcome = parseResponse(raw(200, listsAnswer([[1, 'Biology', 'active'], [2, 'Chemistry', null]])))
    expect(outcome).toMatchObject({
      ok: true,
      result: {
        records: [
          { _id: 1, subject: 'Biology', stage: 'active' },
          { _id: 2, subject: 'Chemistry', stage: null },
        ],
        recordsFormat: 'lists',
      },
    })
    expect(outcome.ok ? Object.keys(outcome.result.records[0] ?? {}) : []).toEqual(['_id', 'subject', 'stage'])
  })

  it('takes _id as the server sends it: absent when the fields leave it out', () => {
    const outcome = parseResponse(raw(200, listsAnswer([['Biology']], [{ id: 'subject', type: 'text' }])))
    expect(outcome).toMatchObject({ ok: true, result: { records: [{ subject: 'Biology' }] } })
  })

  it('keeps a field named __proto__ as an ordinary key', () => {
    const outcome = parseResponse(raw(200, listsAnswer([[1, 'x']], [{ id: '_id', type: 'int' }, { id: '__proto__', type: 'text' }])))
    if (!outcome.ok) throw new Error('expected records')
    const record = outcome.result.records[0] ?? {}
    expect(Object.hasOwn(record, '__proto__')).toBe(true)
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype)
    expect(record['__proto__']).toBe('x')
  })

  it('refuses a list of another length than the fields, naming the record', () => {
    const error = errorOf(raw(200, listsAnswer([[1, 'Biology', 'active'], [2, 'Chemistry']])))
    expect(error).toMatchObject({ kind: 'records-not-array', message: 'Record 2 has 2 values for 3 fields, so its values cannot be named.' })
  })

  it('refuses lists without a field list', () => {
    expect(errorOf(raw(200, JSON.stringify({ success: true, result: { records: [[1, 'a']] } })))).toMatchObject({
      kind: 'records-not-array',
      message: expect.stringContaining('no field list'),
    })
  })
})

describe('error answers', () => {
  it('400: CKAN’s bare JSON string', () => {
    const error = errorOf(raw(400, JSON.stringify('Bad request - JSON Error: Error decoding JSON data. Error: Expecting value: line 1 column 1 (char 0)')))
    expect(error).toMatchObject({ kind: 'bad-request', status: 400, title: expect.stringMatching(/could not read the request/) })
    expect(error.message).toBe('Bad request - JSON Error: Error decoding JSON data. Error: Expecting value: line 1 column 1 (char 0)')
  })

  it('403: access denied, with advice about the token', () => {
    const body = envelope({ __type: 'Authorization Error', message: 'Access denied: User  not authorized to perform resource_show on resource abc' })
    const error = errorOf(raw(403, body))
    expect(error).toMatchObject({ kind: 'forbidden', status: 403 })
    expect(error.message).toMatch(/^Access denied/)
    expect(error.hint).toMatch(/API token/)
  })

  it('404: an unknown resource (envelope) differs from a wrong base URL (HTML page)', () => {
    const resource = errorOf(raw(404, envelope({ __type: 'Not Found Error', message: 'Not found: Resource "nope" was not found.' })))
    expect(resource).toMatchObject({ kind: 'not-found', isHtml: false, title: 'Resource not found (404)', message: 'Not found: Resource "nope" was not found.' })
    const page = errorOf(raw(404, '<!doctype html><title>404 Not Found</title><h1>Not Found</h1>', 'text/html'))
    expect(page).toMatchObject({ kind: 'not-found', isHtml: true, message: '404 Not Found' })
    expect(page.hint).toMatch(/base URL/)
  })

  it('405: an HTML page', () => {
    expect(errorOf(raw(405, WERKZEUG_405, 'text/html; charset=utf-8'))).toMatchObject({ kind: 'method-not-allowed', message: '405 Method Not Allowed' })
  })

  it('409: several field errors, keyed by parameter and by form field', () => {
    const body = envelope({
      __type: 'Validation Error',
      limit: ['Invalid integer'],
      filters: ['field "colour" not in resource'],
      q: ['field "x" not in resource'],
      resource_id: ['Missing value'],
      query: ['Invalid query'],
    })
    const error = errorOf(raw(409, body))
    expect(error.kind).toBe('validation')
    if (error.kind !== 'validation') return
    expect(error.paramErrors).toEqual({
      limit: ['Invalid integer'],
      filters: ['field "colour" not in resource'],
      q: ['field "x" not in resource'],
      resource_id: ['Missing value'],
      query: ['Invalid query'],
    })
    expect(error.fieldErrors).toEqual({
      limit: 'Invalid integer',
      filters: 'field "colour" not in resource',
      q: 'field "x" not in resource',
      resourceId: 'Missing value',
    })
    expect(error.message).toBe('limit: Invalid integer; filters: field "colour" not in resource; q: field "x" not in resource; resource_id: Missing value; query: Invalid query')
  })

  it('415: Werkzeug’s HTML page', () => {
    const error = errorOf(raw(415, WERKZEUG_415, 'text/html; charset=utf-8'))
    expect(error).toMatchObject({ kind: 'unsupported-media-type', status: 415, message: '415 Unsupported Media Type' })
    expect(error.detail).toMatch(/request Content-Type was not 'application\/json'/)
    expect(error.hint).toMatch(/application\/json/)
  })

  it('500: the envelope', () => {
    const error = errorOf(raw(500, envelope({ __type: 'Internal Server Error', message: 'Internal Server Error' })))
    expect(error).toMatchObject({ kind: 'server-error', status: 500, isHtml: false, title: 'The server failed (500)', message: 'Internal Server Error' })
  })

  it('502 and 504: a proxy’s HTML page, told apart from the API failing', () => {
    const error = errorOf(raw(502, NGINX_502, 'text/html', 'Bad Gateway'))
    expect(error).toMatchObject({ kind: 'server-error', status: 502, isHtml: true, message: '502 Bad Gateway' })
    expect(error.title).toMatch(/gateway in front of the API/)
    expect(errorOf(raw(504, '<html><head><title>504 Gateway Time-out</title></head></html>', 'text/html')).message).toBe('504 Gateway Time-out')
  })

  it('200 with success: false', () => {
    const error = errorOf(raw(200, envelope({ __type: 'Search Error', message: 'Search took too long' })))
    expect(error).toMatchObject({ kind: 'unsuccessful', status: 200, message: 'Search took too long' })
  })

  it('200 with success: false and a validation error object: field messages as for a 409', () => {
    const error = errorOf(raw(200, envelope({ __type: 'Validation Error', resource_id: ['Missing value'], query: ['Invalid query'] })))
    expect(error).toMatchObject({ kind: 'validation', status: 200, fieldErrors: { resourceId: 'Missing value' } })
    expect(error.message).toBe('resource_id: Missing value; query: Invalid query')
    expect(error.title).toBe('The server rejected the query (200, success: false)')
  })

  it('200 with success: false and any error object whose keys name parameters', () => {
    const error = errorOf(raw(200, envelope({ limit: 'Too large', message: 'Bad limit' })))
    expect(error).toMatchObject({ kind: 'validation', fieldErrors: { limit: 'Too large' } })
  })

  it('200 with a body that is not JSON: an HTML page points at the base URL', () => {
    const error = errorOf(raw(200, '<!DOCTYPE html><html><head><title>Welcome - CKAN</title></head><body>…</body></html>', 'text/html'))
    expect(error).toMatchObject({ kind: 'not-json', isHtml: true })
    expect(error.message).toMatch(/web page \(“Welcome - CKAN”\)/)
    expect(error.hint).toMatch(/base URL/)
    expect(errorOf(raw(200, 'OK', 'text/plain'))).toMatchObject({ kind: 'not-json', isHtml: false })
  })

  it('200 with truncated JSON', () => {
    const cut = CKAN_211_SUCCESS.slice(0, 180)
    const error = errorOf(raw(200, cut))
    expect(error).toMatchObject({ kind: 'truncated-json', receivedChars: 180 })
    expect(error.message).toMatch(/stopped after 180 characters/)
  })

  it('200 JSON without result.records', () => {
    expect(errorOf(raw(200, JSON.stringify({ success: true, result: { fields: [] } })))).toMatchObject({ kind: 'missing-records' })
    expect(errorOf(raw(200, JSON.stringify([1, 2])))).toMatchObject({ kind: 'missing-records' })
  })

  it('200 with records that are not a list of objects', () => {
    expect(errorOf(raw(200, JSON.stringify({ success: true, result: { records: 'a,b\n1,2' } })))).toMatchObject({
      kind: 'records-not-array',
      message: 'result.records is text, not a list of objects.',
    })
    expect(errorOf(raw(200, JSON.stringify({ success: true, result: { records: [[1, 'a']] } })))).toMatchObject({ kind: 'records-not-array' })
  })

  it('an unknown status', () => {
    const error = errorOf(raw(418, 'I am a teapot', 'text/plain', "I'm a Teapot"))
    expect(error).toMatchObject({ kind: 'unexpected-status', status: 418, title: "Unexpected answer (HTTP 418 I'm a Teapot)" })
  })
})

describe('the token never appears in an error', () => {
  const echoes: [string, RawResponse][] = [
    ['400 string', raw(400, JSON.stringify(`Bad request - JSON Error: could not use Authorization ${TOKEN}`))],
    ['403 envelope', raw(403, envelope({ __type: 'Authorization Error', message: `Access denied: token ${TOKEN} is not valid` }))],
    ['409 field', raw(409, envelope({ __type: 'Validation Error', [`bad ${TOKEN}`]: [`got ${TOKEN}`], limit: [`x ${TOKEN}`] }))],
    ['502 HTML', raw(502, `<html><title>Bad gateway for ${TOKEN}</title><body>${encodeURIComponent(TOKEN)}</body></html>`, 'text/html')],
    ['200 not JSON', raw(200, `token=${TOKEN}`, 'text/plain')],
    ['200 success false', raw(200, envelope({ message: `Search failed for "${TOKEN}"` }))],
  ]

  it.each(echoes)('%s', (_, response) => {
    const error = errorOf(response, { token: TOKEN })
    expect(JSON.stringify(error)).not.toContain('secret-token')
    expect(JSON.stringify(error)).toContain('<API_TOKEN>')
  })
})

describe('datastore_search_sql answers', () => {
  const sqlContext: ParseContext = { sql: true }

  it('reads records, fields and records_truncated, without the notes of a search answer', () => {
    const body = JSON.stringify({
      success: true,
      result: { sql: 'SELECT 1', records_truncated: true, records: [{ n: 1 }], fields: [{ id: 'n', type: 'int4' }] },
    })
    const outcome = parseResponse(raw(200, body), sqlContext)
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(outcome.result).toMatchObject({ records: [{ n: 1 }], fields: [{ id: 'n', type: 'int4' }], recordsTruncated: true, notes: [] })
  })

  it('409: PostgreSQL’s message goes to the SQL field, carrying info.position; info is no message of its own', () => {
    const body = envelope({ __type: 'Validation Error', query: ['syntax error at or near "FORM"'], info: { statement: ['SELECT * FORM x'], position: [10] } })
    const error = errorOf(raw(409, body), sqlContext)
    if (error.kind !== 'validation') throw new Error(error.kind)
    expect(error.fieldErrors).toEqual({ sql: 'syntax error at or near "FORM" (at character 10)' })
    expect(error.paramErrors).toEqual({ query: ['syntax error at or near "FORM" (at character 10)'] })
  })

  it('a search answer’s `query` error stays off the SQL field', () => {
    const error = errorOf(raw(409, envelope({ __type: 'Validation Error', query: ['Invalid query'] })))
    if (error.kind !== 'validation') throw new Error(error.kind)
    expect(error.fieldErrors).toEqual({})
  })
})
