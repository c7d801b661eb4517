import { describe, expect, it } from 'vitest'
import { answerProblems, type AnswerContext, type FuzzAnswer } from './fuzz-answer-check.ts'
import { requestSeed, SeededRandom } from './fuzz-random.ts'
import { fuzzRequest, type FuzzTarget } from './fuzz-requests.ts'

const TOKEN = 'secret-token'
const CONTEXT: AnswerContext = { method: 'POST', token: TOKEN, privateId: 'private-one' }
const JSON_HEADERS = { 'access-control-allow-origin': '*', 'content-type': 'application/json;charset=utf-8' }
const HELP = 'http://127.0.0.1:1/data/api/3/action/help_show?name=datastore_search'

function answer(status: number, body: unknown, headers: Record<string, string> = JSON_HEADERS): FuzzAnswer {
  return { status, headers, body: typeof body === 'string' && status === 204 ? body : JSON.stringify(body) }
}

function okResult(resourceId: string): unknown {
  return { help: HELP, success: true, result: { resource_id: resourceId, limit: 5, records_format: 'objects', fields: [], records: [{ _id: 1 }] } }
}

function formatted(records_format: string, records: unknown, limit = 5): unknown {
  return { help: HELP, success: true, result: { resource_id: 'public', limit, records_format, fields: [{ id: '_id' }, { id: 'a' }], records } }
}

describe('the fuzz answer check', () => {
  it('accepts the answers spec/api.md describes', () => {
    expect(answerProblems(answer(200, okResult('public')), CONTEXT)).toEqual([])
    expect(answerProblems(answer(409, { help: HELP, success: false, error: { __type: 'Validation Error', limit: ['Invalid integer'] } }), CONTEXT)).toEqual([])
    expect(answerProblems(answer(404, { help: HELP, success: false, error: { __type: 'Not Found Error', message: 'Not found: x' } }), CONTEXT)).toEqual([])
    expect(answerProblems(answer(400, 'Bad request - JSON Error: nope'), CONTEXT)).toEqual([])
    expect(answerProblems(answer(204, '', { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET, POST, OPTIONS' }), { ...CONTEXT, method: 'OPTIONS' })).toEqual([])
    expect(answerProblems(answer(200, okResult('private-one')), { ...CONTEXT, authorization: ` ${TOKEN}\t` })).toEqual([])
    expect(answerProblems(answer(200, okResult('private-one')), { ...CONTEXT, authorization: 'stale', apiKey: TOKEN })).toEqual([])
    expect(answerProblems(answer(200, formatted('lists', [[1, 'x'], [2, null]])), CONTEXT)).toEqual([])
    expect(answerProblems(answer(200, formatted('csv', '1,x\n2,"a\nb"\n')), CONTEXT)).toEqual([])
    expect(answerProblems(answer(200, formatted('tsv', '')), CONTEXT)).toEqual([])
    const loadedNumbers = { resourceId: 'public', texts: { a: new Set(['0.50', '10']) } }
    expect(answerProblems(answer(200, formatted('tsv', '1\t0.50\n2\t\n3\t10\n')), { ...CONTEXT, loadedNumbers })).toEqual([])
    const info = { help: HELP, success: true, result: { meta: { id: 'public', count: 3 }, fields: [{ id: 'a', type: 'text' }] } }
    expect(answerProblems(answer(200, info), { ...CONTEXT, path: '/data/api/3/action/datastore_info?id=public' })).toEqual([])
    const shown = { help: HELP, success: true, result: { id: 'public', name: 'Public', datastore_active: true } }
    expect(answerProblems(answer(200, shown), { ...CONTEXT, path: '/data/api/action/resource_show' })).toEqual([])
  })

  it.each([
    ['a 500', answer(500, { help: HELP, success: false, error: { __type: 'Internal Server Error', message: 'x' } }), CONTEXT, 'status 500'],
    ['no CORS header', answer(200, okResult('public'), { 'content-type': 'application/json' }), CONTEXT, 'Access-Control-Allow-Origin'],
    ['a 409 that is not a Validation Error', answer(409, { help: HELP, success: false, error: { __type: 'Not Found Error', message: 'x' } }), CONTEXT, 'expected "Validation Error"'],
    ['a field error that is not a message list', answer(409, { help: HELP, success: false, error: { __type: 'Validation Error', limit: 'bad' } }), CONTEXT, 'error.limit'],
    ['a 400 with an envelope', answer(400, { help: HELP, success: false, error: {} }), CONTEXT, 'bare'],
    ['success true on an error status', answer(403, { help: HELP, success: true, error: { __type: 'Authorization Error', message: 'x' } }), CONTEXT, 'success true'],
    ['records that are not an array', answer(200, { help: HELP, success: true, result: { limit: 5, fields: [], records: {} } }), CONTEXT, 'records'],
    ['more records than the limit', answer(200, { help: HELP, success: true, result: { limit: 0, records_format: 'objects', fields: [], records: [{}] } }), CONTEXT, 'for limit 0'],
    ['private records for a wrong token', answer(200, okResult('private-one')), { ...CONTEXT, authorization: 'Bearer secret-token' }, 'without its token'],
    ['csv records that are not a string', answer(200, formatted('csv', [])), CONTEXT, 'not a string for records_format csv'],
    ['a list record of the wrong length', answer(200, formatted('lists', [[1]])), CONTEXT, 'does not match result.fields'],
    ['an unknown records_format', answer(200, formatted('xml', [])), CONTEXT, 'is not one of objects'],
    ['more list records than the limit', answer(200, formatted('lists', [[1, 'a'], [2, 'b']], 1)), CONTEXT, '2 records for limit 1'],
    ['_table_metadata naming the private resource without its token',
      answer(200, { help: HELP, success: true, result: { resource_id: '_table_metadata', limit: 5, records_format: 'objects', fields: [], records: [{ _id: 1, name: 'private-one' }] } }), CONTEXT, '_table_metadata lists the private'],
    ['resource_show of the private resource without its token',
      answer(200, { help: HELP, success: true, result: { id: 'private-one', name: 'x', datastore_active: true } }), { ...CONTEXT, path: '/data/api/action/resource_show' }, 'without its token'],
    ['datastore_info listing _id',
      answer(200, { help: HELP, success: true, result: { meta: { id: 'public', count: 1 }, fields: [{ id: '_id' }] } }), { ...CONTEXT, path: '/data/api/action/datastore_info' }, 'lists _id'],
    ['the token in the body', answer(409, { help: HELP, success: false, error: { __type: 'Validation Error', q: [TOKEN] } }), CONTEXT, 'contains the token'],
    ['a body that is not JSON', { status: 200, headers: JSON_HEADERS, body: '<html>' }, CONTEXT, 'not JSON'],
    ['204 for a GET', answer(204, '', { 'access-control-allow-origin': '*' }), { ...CONTEXT, method: 'GET' }, 'only the OPTIONS'],
    ['a csv number without the scale it was loaded with', answer(200, formatted('csv', '1,"x,y"\n2,0.5\n')),
      { ...CONTEXT, loadedNumbers: { resourceId: 'public', texts: { a: new Set(['0.50', 'x,y']) } } }, 'writes "0.5" for field a'],
  ])('flags %s', (_name, bad, context, expected) => {
    expect(answerProblems(bad, context).join('; ')).toContain(expected)
  })
})

describe('the fuzz request generator', () => {
  const target: FuzzTarget = { basePath: '/data', publicId: 'pub', privateId: 'priv', token: TOKEN, publicFields: ['a', 'b'], privateFields: ['c'] }
  const requests = Array.from({ length: 2_000 }, (_, index) => fuzzRequest(new SeededRandom(requestSeed(7, index)), target))

  it('makes the same request again from the same seed and index (a failure can be replayed)', () => {
    expect(fuzzRequest(new SeededRandom(requestSeed(7, 1234)), target)).toEqual(requests[1234])
    expect(fuzzRequest(new SeededRandom(requestSeed(8, 1234)), target)).not.toEqual(requests[1234])
  })

  it('only makes requests node:http can put on the wire, with bodies only where a method carries one', () => {
    for (const request of requests) {
      expect(request.path).toMatch(/^[\u0021-\u00ff]*$/)
      for (const value of Object.values(request.headers)) expect(value).toMatch(/^[\t\u0020-\u007e\u0080-\u00ff]*$/)
    }
    expect(requests.filter((request) => (request.method === 'GET' || request.method === 'HEAD') && request.body !== undefined)).toEqual([])
  })

  it('mixes GET and POST with odd methods, and sends the right token only sometimes', () => {
    const methods = new Set(requests.map((request) => request.method))
    for (const method of ['GET', 'POST', 'OPTIONS', 'HEAD', 'PUT', 'TRACE', 'FOO']) expect(methods).toContain(method)
    const withToken = requests.filter((request) => request.headers.authorization === TOKEN).length
    expect(withToken).toBeGreaterThan(100)
    expect(withToken).toBeLessThan(1_000)
  })

  it('sends the CKAN 2.11 parameters and the other actions too', () => {
    const sent = requests.map((request) => `${request.path} ${request.body ? new TextDecoder().decode(request.body) : ''}`).join('\n')
    for (const name of ['records_format', 'distinct', 'full_text', 'plain', 'language', 'total_estimation_threshold', '_table_metadata', 'datastore_info', 'resource_show']) {
      expect(sent).toContain(name)
    }
  })
})
