import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { defaultQuery } from '../query/defaults.ts'
import type { HttpRequestSpec } from '../query/request-builder.ts'
import type { QueryState } from '../query/types.ts'
import { DatastoreSearchError } from './api-error.ts'
import { datastoreKeys, datastoreSearchOptions, datastoreTotalOptions, fetchDatastoreSearch, isBigOutcome, shouldRetry, type SearchDeps } from './datastore-search.ts'
import { OffThreadUnavailable, type LiveWorkerClient } from './live-worker-client.ts'
import { parseResponse } from './parse-response.ts'
import { createServerFormats } from './server-formats.ts'
import { createTotalCosts } from './total-costs.ts'
import { TransportError, type RawResponse, type Transport } from './transport.ts'

const OK_BODY = JSON.stringify({ success: true, result: { limit: 100, fields: [{ id: '_id', type: 'int' }], records: [{ _id: 1 }], total: 1 } })

/** A transport that records what it was asked and answers from a script. */
function scripted(answer: (spec: HttpRequestSpec) => RawResponse | Promise<RawResponse>) {
  const sent: HttpRequestSpec[] = []
  const transport: Transport = {
    async send(spec) {
      sent.push(spec)
      return answer(spec)
    },
  }
  return { transport, sent }
}

const reply = (status: number, bodyText: string): RawResponse => ({ status, statusText: '', headers: [], bodyText, elapsedMs: 7 })
const live = (overrides: Partial<QueryState> = {}): QueryState => ({ ...defaultQuery(), source: 'live', baseUrl: 'https://portal.example/data', ...overrides })

function deps(liveTransport: Transport, demoTransport: Transport = liveTransport, token?: string): SearchDeps {
  return { transports: { live: liveTransport, demo: demoTransport }, ...(token === undefined ? {} : { token }) }
}

async function rejection(promise: Promise<unknown>): Promise<DatastoreSearchError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof DatastoreSearchError) return error
    throw error
  }
  throw new Error('expected a DatastoreSearchError')
}

describe('fetchDatastoreSearch', () => {
  it('sends the built request to the transport of the source and returns the parsed result with the redacted request', async () => {
    const liveSide = scripted(() => reply(200, OK_BODY))
    const demoSide = scripted(() => reply(200, OK_BODY))
    const outcome = await fetchDatastoreSearch(live(), deps(liveSide.transport, demoSide.transport, 'tok'))
    expect(demoSide.sent).toHaveLength(0)
    expect(liveSide.sent[0].url).toBe('https://portal.example/data/api/action/datastore_search')
    expect(liveSide.sent[0].headers).toContainEqual(['Authorization', 'tok'])
    expect(outcome.request.headers).toContainEqual(['Authorization', '<API_TOKEN>'])
    expect(outcome.result.records).toEqual([{ _id: 1 }])
    expect(outcome).toMatchObject({ status: 200, elapsedMs: 7 })

    await fetchDatastoreSearch(defaultQuery(), deps(liveSide.transport, demoSide.transport))
    expect(demoSide.sent).toHaveLength(1)
  })

  it('never sends a query with errors', async () => {
    const side = scripted(() => reply(200, OK_BODY))
    const error = await rejection(fetchDatastoreSearch(live({ limit: -1 }), deps(side.transport)))
    expect(side.sent).toHaveLength(0)
    expect(error.apiError).toMatchObject({ kind: 'invalid-query', fieldErrors: { limit: expect.stringMatching(/negative/) } })
  })

  it('throws the parsed error for the UI, with its status', async () => {
    const side = scripted(() => reply(409, JSON.stringify({ success: false, error: { __type: 'Validation Error', limit: ['Invalid integer'] } })))
    const error = await rejection(fetchDatastoreSearch(live(), deps(side.transport)))
    expect(error.apiError.kind).toBe('validation')
    expect(error.status).toBe(409)
  })

  it('turns a transport failure into a typed error without the token', async () => {
    const failing: Transport = {
      send: () => Promise.reject(new TransportError('network', 'fetch failed for tok-SECRET', { phase: 'connect' })),
    }
    const error = await rejection(fetchDatastoreSearch(live(), deps(failing, failing, 'tok-SECRET')))
    expect(error.apiError).toMatchObject({ kind: 'network', phase: 'connect' })
    expect(error.apiError.title).toMatch(/CORS/)
    expect(error.apiError.message).toMatch(/portal\.example/)
    expect(JSON.stringify(error.apiError)).not.toContain('tok-SECRET')
  })

  it('passes the caller’s timeout to live requests only', async () => {
    const seen: (number | undefined)[] = []
    const transport: Transport = {
      async send(_spec, options) {
        seen.push(options.timeoutMs)
        return reply(200, OK_BODY)
      },
    }
    await fetchDatastoreSearch(live(), { ...deps(transport), timeoutMs: 5000 })
    await fetchDatastoreSearch(defaultQuery(), { ...deps(transport), timeoutMs: 5000 })
    expect(seen).toEqual([5000, undefined])
  })
})

const echoing = (format: string) => JSON.stringify({ success: true, result: { records_format: format, fields: [{ id: '_id', type: 'int' }], records: format === 'lists' ? [[1]] : [{ _id: 1 }], total: 1 } })
const refusal = JSON.stringify({ success: false, error: { __type: 'Validation Error', records_format: ['The input field records_format was not expected.'] } })
const askedFormat = (spec: HttpRequestSpec | undefined) => (JSON.parse(spec?.body ?? '{}') as { records_format?: string }).records_format

/** A worker stand-in that parses with the one parser, as the real worker does. */
function offThread(answer: (spec: HttpRequestSpec) => RawResponse) {
  const sent: HttpRequestSpec[] = []
  const client: Pick<LiveWorkerClient, 'search'> = {
    async search(spec, context) {
      sent.push(spec)
      const raw = answer(spec)
      return { outcome: parseResponse(raw, context), status: raw.status, elapsedMs: raw.elapsedMs }
    },
  }
  return { client, sent }
}

describe('big live pages', () => {
  it('go through the worker above 1,000 records; smaller pages and the demo are read here', async () => {
    const here = scripted(() => reply(200, OK_BODY))
    const worker = offThread(() => reply(200, OK_BODY))
    const withWorker: SearchDeps = { transports: { live: here.transport, demo: here.transport, liveOffThread: worker.client } }
    await fetchDatastoreSearch(live({ limit: 1001 }), withWorker)
    await fetchDatastoreSearch(live({ limit: 1000 }), withWorker)
    await fetchDatastoreSearch({ ...defaultQuery(), limit: 32000 }, withWorker)
    expect(worker.sent).toHaveLength(1)
    expect(here.sent).toHaveLength(2)
  })

  it('are read here when the worker is unavailable, and its transport failures stay failures', async () => {
    const here = scripted(() => reply(200, OK_BODY))
    const unavailable = { search: () => Promise.reject(new OffThreadUnavailable('no worker')) }
    const outcome = await fetchDatastoreSearch(live({ limit: 5000 }), { transports: { live: here.transport, demo: here.transport, liveOffThread: unavailable } })
    expect(outcome.result.records).toEqual([{ _id: 1 }])
    expect(here.sent).toHaveLength(1)

    const broken = { search: () => Promise.reject(new TransportError('timeout', 'late', { timeoutMs: 1000, phase: 'body' })) }
    const error = await rejection(fetchDatastoreSearch(live({ limit: 5000 }), { transports: { live: here.transport, demo: here.transport, liveOffThread: broken } }))
    expect(error.apiError).toMatchObject({ kind: 'timeout', timeoutMs: 1000 })
    expect(here.sent).toHaveLength(1)
  })

  it('a long answer fetched here (a few records of thousands of fields) is parsed in the worker, or here when it is unavailable', async () => {
    const ids = Array.from({ length: 10_000 }, (_, index) => `field_${index}`)
    const longBody = JSON.stringify({ success: true, result: { fields: ids.map((id) => ({ id, type: 'text' })), records: [1, 2].map((row) => Object.fromEntries(ids.map((id) => [id, `value ${row} of ${id}`]))), total: 2 } })
    expect(longBody.length).toBeGreaterThan(1_000_000)
    const here = scripted((spec) => reply(200, JSON.parse(spec.body ?? '{}').limit === 1 ? longBody : OK_BODY))
    const parsed: string[] = []
    const worker = {
      search: () => Promise.reject(new Error('not a big page')),
      parse: async (raw: RawResponse, context: { requestedLimit?: number }) => {
        parsed.push(raw.bodyText.slice(0, 20))
        return { outcome: parseResponse(raw, context), status: raw.status, elapsedMs: raw.elapsedMs }
      },
    }
    const long = await fetchDatastoreSearch(live({ limit: 1 }), { transports: { live: here.transport, demo: here.transport, liveOffThread: worker } })
    expect(long.result.fields).toHaveLength(10_000)
    expect(parsed).toHaveLength(1)
    await fetchDatastoreSearch(live({ limit: 10 }), { transports: { live: here.transport, demo: here.transport, liveOffThread: worker } })
    expect(parsed).toHaveLength(1)

    const unavailable = { ...worker, parse: () => Promise.reject(new OffThreadUnavailable('no worker')) }
    const readHere = await fetchDatastoreSearch(live({ limit: 1 }), { transports: { live: here.transport, demo: here.transport, liveOffThread: unavailable } })
    expect(readHere.result.records[0]?.field_9999).toBe('value 1 of field_9999')
  })

  it('ask for lists once an answer showed the server knows records_format, and read them back as records', async () => {
    const formats = createServerFormats()
    const side = scripted((spec) => reply(200, echoing(askedFormat(spec) ?? 'objects')))
    const withFormats: SearchDeps = { transports: { live: side.transport, demo: side.transport, serverFormats: formats } }
    await fetchDatastoreSearch(live({ limit: 5000 }), withFormats)
    expect(askedFormat(side.sent[0])).toBeUndefined()
    expect(formats.listsAccepted('https://portal.example/data/')).toBe(true)
    const second = await fetchDatastoreSearch(live({ limit: 5000 }), withFormats)
    expect(askedFormat(side.sent[1])).toBe('lists')
    expect(second.result.records).toEqual([{ _id: 1 }])
    expect(JSON.parse(second.request.body ?? '{}')).toMatchObject({ records_format: 'lists' })
    // Small pages stay objects.
    await fetchDatastoreSearch(live({ limit: 100 }), withFormats)
    expect(askedFormat(side.sent[2])).toBeUndefined()
  })

  it('ask again without lists when the server refuses them, and never ask it for lists again', async () => {
    const formats = createServerFormats()
    formats.learnFromAnswer('https://portal.example/data', 'objects')
    const side = scripted((spec) => (askedFormat(spec) === 'lists' ? reply(409, refusal) : reply(200, echoing('objects'))))
    const withFormats: SearchDeps = { transports: { live: side.transport, demo: side.transport, serverFormats: formats } }
    const outcome = await fetchDatastoreSearch(live({ limit: 5000 }), withFormats)
    expect(side.sent.map(askedFormat)).toEqual(['lists', undefined])
    expect(outcome.result.records).toEqual([{ _id: 1 }])
    expect(outcome.request.body).not.toContain('records_format')
    await fetchDatastoreSearch(live({ limit: 6000 }), withFormats)
    expect(side.sent.map(askedFormat)).toEqual(['lists', undefined, undefined])
    expect(formats.listsAccepted('https://portal.example/data')).toBe(false)
  })

  it('ask again without lists when CKAN 2.11 refuses them beside q or distinct, and keep lists for the rest', async () => {
    const formats = createServerFormats()
    formats.learnFromAnswer('https://portal.example/data', 'objects')
    const sqlError = JSON.stringify({ success: false, error: { __type: 'Validation Error', query: ['syntax error at or near "FROM"'] } })
    const side = scripted((spec) => {
      const body = JSON.parse(spec.body ?? '{}') as Record<string, unknown>
      return body.records_format === 'lists' && (body.q !== undefined || body.distinct === true) ? reply(409, sqlError) : reply(200, echoing(askedFormat(spec) ?? 'objects'))
    })
    const withFormats: SearchDeps = { transports: { live: side.transport, demo: side.transport, serverFormats: formats } }
    const searched = await fetchDatastoreSearch(live({ limit: 5000, q: 'weir' }), withFormats)
    expect(side.sent.map(askedFormat)).toEqual(['lists', undefined])
    expect(searched.result.records).toEqual([{ _id: 1 }])
    await fetchDatastoreSearch(live({ limit: 5000, q: 'other' }), withFormats)
    await fetchDatastoreSearch(live({ limit: 5000, q: '' }), withFormats)
    expect(side.sent.map(askedFormat)).toEqual(['lists', undefined, undefined, 'lists'])

    await fetchDatastoreSearch(live({ limit: 5000, q: '' }), withFormats, undefined, [['distinct', true]])
    await fetchDatastoreSearch(live({ limit: 5000, q: '' }), withFormats, undefined, [['distinct', true]])
    expect(side.sent.slice(4).map(askedFormat)).toEqual(['lists', undefined, undefined])
    expect([formats.listsAccepted('https://portal.example/data'), formats.listsAccepted('https://portal.example/data', { q: true })]).toEqual([true, false])
  })
})

const key = (query: QueryState) => JSON.stringify(datastoreKeys.search(query, undefined))

describe('datastoreKeys', () => {
  it('never hold the token, but change when it changes', () => {
    const withToken = JSON.stringify(datastoreKeys.search(live(), 'tok-SECRET'))
    expect(withToken).not.toContain('tok-SECRET')
    expect(withToken).not.toBe(JSON.stringify(datastoreKeys.search(live(), 'other-token')))
    expect(withToken).not.toBe(JSON.stringify(datastoreKeys.search(live(), undefined)))
  })

  it('are equal for equivalent queries and differ for different requests', () => {
    expect(key(live({ filters: [{ field: 's', values: ['a'] }, { field: 's', values: ['b'] }] }))).toBe(key(live({ filters: [{ field: 's', values: ['a', 'b'] }] })))
    // A browser-side sort does not refetch; a server-side one does.
    expect(key(live({ sort: [{ field: 's', direction: 'asc' }] }))).toBe(key(live()))
    expect(key(live({ sort: [{ field: 's', direction: 'asc' }], sortOn: 'server' }))).not.toBe(key(live()))
    // The live base URL does not matter in demo mode.
    expect(key({ ...defaultQuery(), baseUrl: 'https://a.example/x' })).toBe(key(defaultQuery()))
    expect(key(live({ limit: 6 }))).not.toBe(key(live({ limit: 5 })))
  })

  it('share the search prefix so all searches can be invalidated together', () => {
    expect(datastoreKeys.search(live(), undefined).slice(0, 2)).toEqual(datastoreKeys.searches())
  })
})

const failure = (apiError: DatastoreSearchError['apiError']) => new DatastoreSearchError(apiError)

describe('retries', () => {  const network = failure({ kind: 'network', phase: 'connect', title: '', message: '' })
  const gateway = failure({ kind: 'server-error', status: 502, isHtml: true, title: '', message: '' })
  const notFound = failure({ kind: 'not-found', status: 404, isHtml: false, title: '', message: '' })
  const validation = failure({ kind: 'validation', status: 409, paramErrors: {}, fieldErrors: {}, title: '', message: '' })

  it('retry a live connection failure or a gateway hiccup once', () => {
    expect(shouldRetry('live', 0, network)).toBe(true)
    expect(shouldRetry('live', 0, gateway)).toBe(true)
    expect(shouldRetry('live', 1, network)).toBe(false)
  })

  it('never retry a 4xx, nor anything in the demo', () => {
    expect(shouldRetry('live', 0, notFound)).toBe(false)
    expect(shouldRetry('live', 0, validation)).toBe(false)
    expect(shouldRetry('demo', 0, network)).toBe(false)
  })
})

const answerOfSize = (records: number, fields: number) => ({
  result: { records: Array.from({ length: records }, () => ({})), fields: Array.from({ length: fields }, (_, index) => ({ id: `f${index}`, type: 'text' })) },
})

describe('datastoreSearchOptions with a QueryClient', () => {
  it('cancels the running request when the query is cancelled', async () => {
    let seenSignal: AbortSignal | undefined
    const transport: Transport = {
      send: (_spec, { signal }) =>
        new Promise((_resolve, reject) => {
          seenSignal = signal
          signal?.addEventListener('abort', () => reject(new TransportError('aborted', 'cancelled')))
        }),
    }
    const client = new QueryClient()
    const options = datastoreSearchOptions(live(), deps(transport))
    const running = client.fetchQuery(options).catch(() => undefined)
    await new Promise((resolve) => setTimeout(resolve, 10))
    await client.cancelQueries({ queryKey: options.queryKey })
    await running
    expect(seenSignal?.aborted).toBe(true)
  })

  it('keeps the previous data while the next query loads, and runs without network detection', () => {
    const options = datastoreSearchOptions(live(), deps(scripted(() => reply(200, OK_BODY)).transport))
    expect(options.networkMode).toBe('always')
    expect(options.placeholderData).toBeTypeOf('function')
    expect(options.staleTime).toBe(60_000)
    expect(datastoreSearchOptions(defaultQuery(), deps(scripted(() => reply(200, OK_BODY)).transport)).staleTime).toBe(Number.POSITIVE_INFINITY)
  })

  it('walks an answer for structural sharing only when it is small in records and in cells', () => {
    const answer = answerOfSize
    expect(isBigOutcome(answer(100, 20))).toBe(false)
    expect(isBigOutcome(answer(1001, 2))).toBe(true)
    // A few records of thousands of fields: 200,000 cells.
    expect(isBigOutcome(answer(20, 10_000))).toBe(true)
    expect(isBigOutcome(undefined)).toBe(false)
  })
})

const bodyOf = (spec: HttpRequestSpec) => JSON.parse(spec.body ?? '{}') as Record<string, unknown>

describe('a live page and its total, apart', () => {
  it('sends the page without its total and the total alone, then learns that this resource counts cheaply', async () => {
    const side = scripted((spec) => reply(200, bodyOf(spec).limit === 0
      ? JSON.stringify({ success: true, result: { limit: 0, fields: [{ id: '_id', type: 'int' }], records: [], total: 1234 } })
      : JSON.stringify({ success: true, result: { limit: 100, fields: [{ id: '_id', type: 'int' }], records: [{ _id: 1 }] } })))
    const totalCosts = createTotalCosts()
    const searchDeps: SearchDeps = { transports: { live: side.transport, demo: side.transport, totalCosts } }
    const client = new QueryClient()
    const query = live({ resourceId: 'big', q: 'oak', offset: 200, sort: [{ field: 'name', direction: 'desc' }], sortOn: 'server' })
    const page = await client.fetchQuery(datastoreSearchOptions(query, searchDeps))
    const total = await client.fetchQuery(datastoreTotalOptions(query, searchDeps))
    expect(bodyOf(side.sent[0]!)).toEqual({ resource_id: 'big', limit: 100, q: 'oak', sort: 'name desc nulls last, _id', offset: 200, include_total: false })
    expect(bodyOf(side.sent[1]!)).toEqual({ resource_id: 'big', q: 'oak', limit: 0 })
    expect([page.result.total, total.total]).toEqual([undefined, 1234])
    // the scripted answer took 7 ms: a count that cheap earns one request next time
    expect(totalCosts.apart('https://portal.example/data', 'big')).toBe(false)
    await client.fetchQuery(datastoreSearchOptions({ ...query, offset: 300 }, searchDeps))
    expect(bodyOf(side.sent[2]!)).not.toHaveProperty('include_total')
  })

  it('shares one total among every page, sort and column choice of the same conditions', () => {
    const a = live({ q: 'oak', offset: 0, sort: [] })
    const b = live({ q: 'oak', offset: 500, limit: 20, sort: [{ field: 'x', direction: 'asc' }], sortOn: 'server', fields: ['x'] })
    expect(datastoreKeys.total(a, 't')).toEqual(datastoreKeys.total(b, 't'))
    expect(datastoreKeys.total(a, 't')).not.toEqual(datastoreKeys.total(live({ q: 'elm' }), 't'))
  })

  it('asks a server that refuses include_total again with the total in the page, and remembers it', async () => {
    const side = scripted((spec) => ('include_total' in bodyOf(spec)
      ? reply(409, JSON.stringify({ success: false, error: { __type: 'Validation Error', include_total: ['The input field include_total was not expected.'] } }))
      : reply(200, OK_BODY)))
    const totalCosts = createTotalCosts()
    const client = new QueryClient()
    const outcome = await client.fetchQuery(datastoreSearchOptions(live({ resourceId: 'r' }), { transports: { live: side.transport, demo: side.transport, totalCosts } }))
    expect(outcome.result.total).toBe(1)
    expect(side.sent.map((spec) => 'include_total' in bodyOf(spec))).toEqual([true, false])
    expect(totalCosts.apart('https://portal.example/data', 'other')).toBe(false)
  })
})
