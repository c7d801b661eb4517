// The probe against the reference engine's own handler, and against the same handler made to answer
// the way other servers do (CKAN 2.12 shape, full-text q, no GET filters, CORS off).
import { describe, expect, it } from 'vitest'
import { Catalog, createDatastoreHandler, TableBuilder } from '../engine/index.ts'
import type { HttpRequestSpec } from '../query/request-builder.ts'
import { innerSubstring, listsVerdict, listsVerdicts, probeApi, type ProbeReport, type ProbeTopic } from './probe.ts'
import { TransportError, type RawResponse, type Transport } from './transport.ts'

const BASE = 'http://api.test/data'
const PUBLIC_ID = '11111111-1111-4111-8111-111111111111'
const PRIVATE_ID = '22222222-2222-4222-8222-222222222222'
const TOKEN = 'probe-token'

function referenceHandler() {
  const builder = new TableBuilder([
    { id: 'code', type: 'text' },
    { id: 'subject', type: 'text' },
    { id: 'stage', type: 'text' },
  ])
  builder.append({ code: 'B-1', subject: 'Biology', stage: 'active' })
  builder.append({ code: 'C-2', subject: 'Chemistry', stage: 'draft' })
  builder.append({ code: 'B-3', subject: 'Botany', stage: 'active' })
  const table = builder.build()
  const catalog = new Catalog()
  catalog.add({ id: PUBLIC_ID, load: () => table })
  catalog.add({ id: PRIVATE_ID, isPrivate: true, load: () => table })
  return createDatastoreHandler({ catalog, basePath: '/data', tokens: [TOKEN] })
}

type Rewrite = (spec: HttpRequestSpec, response: RawResponse) => RawResponse

function transportOf(rewrite: Rewrite = (_, response) => response, sent: HttpRequestSpec[] = [], reads: (spec: HttpRequestSpec) => HttpRequestSpec = (spec) => spec): Transport {
  const handle = referenceHandler()
  return {
    async send(spec) {
      sent.push(spec)
      const seen = reads(spec)
      const response = await handle(new Request(seen.url, { method: seen.method, headers: seen.headers, body: seen.body }))
      const raw = { status: response.status, statusText: response.statusText, headers: [...response.headers], bodyText: await response.text(), elapsedMs: 1 }
      return rewrite(spec, raw)
    },
  }
}

const verdict = (report: ProbeReport, topic: ProbeTopic) => report.findings.find((finding) => finding.topic === topic)?.verdict

/** Answers the way CKAN 2.12 does: no _links or total_was_estimated, q as whole words with a rank column, no filters by GET. */
const ckan212: Rewrite = (spec, raw) => {
  if (spec.method === 'GET' && spec.url.includes('filters=')) return { ...raw, status: 409, bodyText: JSON.stringify({ success: false, error: { __type: 'Validation Error', filters: ['Not supported by GET'] } }) }
  const body = JSON.parse(raw.bodyText) as { result: Record<string, unknown> & { records: unknown[]; fields: { id: string }[] } }
  delete body.result['_links']
  delete body.result['total_was_estimated']
  const q = spec.body ? (JSON.parse(spec.body) as { q?: string }).q : undefined
  if (q !== undefined) {
    body.result.records = []
    body.result.fields = [...body.result.fields, { id: 'rank', type: 'float' } as never]
  }
  return { ...raw, bodyText: JSON.stringify(body) }
}

/** Answers as a server older than CKAN 2.11 would: distinct, records_format and the two actions refused. */
const old: Rewrite = (spec, raw) => {
  const refused = /distinct|records_format/.test(spec.body ?? '') || /datastore_info|resource_show/.test(spec.url)
  return refused ? { ...raw, status: 409, bodyText: JSON.stringify({ success: false, error: { __type: 'Validation Error', __junk: ['The input field distinct was not expected.'] } }) } : raw
}

/** What a server that reads the token only from X-CKAN-API-Key sees. */
const keyOnly = (spec: HttpRequestSpec): HttpRequestSpec => ({
  ...spec,
  headers: spec.headers.filter(([name]) => name !== 'Authorization').map(([name, value]) => [name === 'X-CKAN-API-Key' ? 'Authorization' : name, value]),
})

/** The answer as a server that ignores records_format gives it: objects, and an `objects` echo. */
function referenceObjects(raw: RawResponse): RawResponse {
  const body = JSON.parse(raw.bodyText) as { result: { records: unknown[][]; fields: { id: string }[]; records_format: string } }
  const ids = body.result.fields.map((field) => field.id)
  body.result.records = body.result.records.map((row) => Object.fromEntries(ids.map((id, i) => [id, row[i]]))) as never
  body.result.records_format = 'objects'
  return { ...raw, bodyText: JSON.stringify(body) }
}

const refusing: Rewrite = (spec, raw) =>
  spec.body?.includes('records_format')
    ? { ...raw, status: 409, bodyText: JSON.stringify({ success: false, error: { __type: 'Validation Error', records_format: ['The input field was not expected.'] } }) }
    : raw
const ignoring: Rewrite = (spec, raw) => (spec.body?.includes('records_format') ? referenceObjects(raw) : raw)

describe('probeApi', () => {
  it('reports the reference engine as behaving like it', async () => {
    const report = await probeApi({ baseUrl: BASE, resourceId: PUBLIC_ID }, transportOf())
    expect(verdict(report, 'cors')).toBe('allowed')
    expect(verdict(report, 'get-filters')).toBe('accepted')
    expect(verdict(report, 'q-matching')).toBe('substring')
    expect(verdict(report, 'response-shape')).toBe('both present (CKAN 2.11 or older)')
    expect(verdict(report, 'token-header')).toBe('not tested')
    expect(verdict(report, 'distinct')).toBe('accepted')
    expect(verdict(report, 'records-format')).toBe('accepted')
    expect(listsVerdict(report)).toBe('accepted')
    expect(verdict(report, 'datastore-info')).toMatch(/^answered/)
    expect(verdict(report, 'resource-show')).toMatch(/^answered/)
    expect(report.summary).toMatch(/behaves like the reference engine/)
  })

  it('names each CKAN 2.11 parameter and action an older server refuses', async () => {
    const report = await probeApi({ baseUrl: BASE, resourceId: PUBLIC_ID }, transportOf(old))
    expect(verdict(report, 'distinct')).toBe('refused')
    expect(report.findings.find((finding) => finding.topic === 'distinct')?.detail).toContain('HTTP 409 (__junk: ["The input field distinct was not expected."])')
    expect(verdict(report, 'records-format')).toBe('refused')
    expect(verdict(report, 'datastore-info')).toBe('not available')
    expect(verdict(report, 'resource-show')).toBe('not available')
    expect(report.summary).toContain('distinct — refused')
  })

  it('asks once for records as lists, and tells a server that refuses or ignores them', async () => {
    const sent: HttpRequestSpec[] = []
    await probeApi({ baseUrl: BASE, resourceId: PUBLIC_ID }, transportOf(undefined, sent))
    const listsAlone = sent.filter((spec) => spec.body?.includes('"records_format":"lists"') && !/"distinct"|"q"/.test(spec.body))
    expect(listsAlone).toHaveLength(1)

    const refused = await probeApi({ baseUrl: BASE, resourceId: PUBLIC_ID }, transportOf(refusing))
    expect(verdict(refused, 'records-format')).toBe('refused')
    expect(listsVerdict(refused)).toBe('refused')
    expect(refused.summary).toContain('records_format')

    expect(listsVerdict(await probeApi({ baseUrl: BASE, resourceId: PUBLIC_ID }, transportOf(ignoring)))).toBe('refused')
  })

  it('tells a CKAN 2.12-like server apart, naming each difference', async () => {
    const report = await probeApi({ baseUrl: BASE, resourceId: PUBLIC_ID }, transportOf(ckan212))
    expect(verdict(report, 'response-shape')).toBe('both absent (CKAN 2.12 or later)')
    expect(verdict(report, 'q-matching')).toBe('whole words (full text)')
    expect(verdict(report, 'get-filters')).toBe('refused')
    expect(report.summary).toMatch(/differs from the reference engine/)
    expect(report.summary).toContain('Free text (q) — whole words')
  })

  it('tells a live server without CORS headers from one that does not answer, and stops there', async () => {
    const blocked: Transport = { send: () => Promise.reject(new TransportError('network', 'Failed to fetch', { phase: 'connect' })) }
    const asked: string[] = []
    const up = await probeApi({ baseUrl: BASE, resourceId: PUBLIC_ID }, blocked, undefined, { reach: async (url) => (asked.push(url), 'answers') })
    expect(up.findings).toHaveLength(1)
    expect(verdict(up, 'cors')).toBe('not allowed: the server is up but sends no CORS headers')
    expect(asked).toEqual([`${BASE}/api/action/datastore_search?resource_id=${PUBLIC_ID}&limit=0`])
    const down = await probeApi({ baseUrl: BASE, resourceId: PUBLIC_ID }, blocked, undefined, { reach: async () => 'unreachable' })
    expect(verdict(down, 'cors')).toBe('unreachable: nothing answers at this address')
    expect(down.summary).toMatch(/Nothing answers/)
  })

  it('sends no token unless one is given, and then finds the Authorization header on a private resource', async () => {
    const sent: HttpRequestSpec[] = []
    const withoutToken = await probeApi({ baseUrl: BASE, resourceId: PRIVATE_ID }, transportOf(undefined, sent))
    expect(withoutToken.summary).toMatch(/private/)
    expect(sent.every((spec) => spec.headers.every(([name]) => name !== 'Authorization'))).toBe(true)

    const report = await probeApi({ baseUrl: BASE, resourceId: PRIVATE_ID, token: TOKEN }, transportOf())
    expect(verdict(report, 'token-header')).toBe('Authorization and X-CKAN-API-Key')
    expect(verdict(report, 'q-matching')).toBe('substring')
    expect(report.summary).toMatch(/behaves like the reference engine/)
  })

  it('finds a server that reads only X-CKAN-API-Key, and probes on with that header', async () => {
    const sent: HttpRequestSpec[] = []
    const report = await probeApi({ baseUrl: BASE, resourceId: PRIVATE_ID, token: TOKEN }, transportOf(undefined, sent, keyOnly))
    expect(verdict(report, 'token-header')).toBe('X-CKAN-API-Key only')
    expect(verdict(report, 'q-matching')).toBe('substring')
    expect(sent.some((spec) => spec.headers.some(([name, value]) => name === 'X-CKAN-API-Key' && value === TOKEN))).toBe(true)
  })

  it('does not claim a header when the token is refused or the resource is public', async () => {
    const refused = await probeApi({ baseUrl: BASE, resourceId: PRIVATE_ID, token: 'wrong' }, transportOf())
    expect(verdict(refused, 'token-header')).toMatch(/^unknown/)
    const open = await probeApi({ baseUrl: BASE, resourceId: PUBLIC_ID, token: TOKEN }, transportOf())
    expect(verdict(open, 'token-header')).toBe('unknown')
  })
})

/**
 * CKAN 2.11 where it differs: `limit` cuts the rows before DISTINCT (the total stays right), and lists
 * are refused beside distinct or q with a 409 that names neither.
 */
function ckan211Transport(sent: HttpRequestSpec[] = []): Transport {
  const handle = referenceHandler()
  const call = async (spec: HttpRequestSpec) => {
    const response = await handle(new Request(spec.url, { method: spec.method, headers: spec.headers, body: spec.body }))
    return { status: response.status, statusText: response.statusText, headers: [...response.headers], bodyText: await response.text(), elapsedMs: 1 }
  }
  return {
    async send(spec) {
      sent.push(spec)
      const body = spec.body ? (JSON.parse(spec.body) as Record<string, unknown>) : {}
      if (body.records_format === 'lists' && (body.distinct === true || body.q !== undefined)) {
        return { status: 409, statusText: 'Conflict', headers: [], bodyText: JSON.stringify({ success: false, error: { __type: 'Validation Error', query: ['could not identify an equality operator for type json'] } }), elapsedMs: 1 }
      }
      if (body.distinct !== true) return call(spec)
      const distinct = await call(spec)
      const rows = await call({ ...spec, body: JSON.stringify({ ...body, distinct: false }) })
      const answer = JSON.parse(distinct.bodyText) as { result: { records: unknown[] } }
      const page = (JSON.parse(rows.bodyText) as { result: { records: unknown[] } }).result.records
      answer.result.records = [...new Map(page.map((record) => [JSON.stringify(record), record])).values()]
      return { ...distinct, bodyText: JSON.stringify(answer) }
    },
  }
}

describe('probeApi against CKAN 2.11 and a browser that refuses headers', () => {
  it('finds distinct applied after limit, and lists refused beside distinct and q, which the queries then avoid', async () => {
    const report = await probeApi({ baseUrl: BASE, resourceId: PUBLIC_ID }, ckan211Transport())
    expect(verdict(report, 'distinct-limit')).toBe('limit applied before distinct (CKAN 2.11 or older)')
    expect(verdict(report, 'records-format')).toBe('accepted')
    expect(verdict(report, 'lists-with-distinct')).toBe('refused')
    expect(verdict(report, 'lists-with-q')).toBe('refused')
    expect(listsVerdicts(report)).toEqual(['accepted', 'refused with distinct', 'refused with q'])
    expect(report.summary).toContain('distinct with limit — limit applied before distinct')

    const reference = await probeApi({ baseUrl: BASE, resourceId: PUBLIC_ID }, transportOf())
    expect(verdict(reference, 'distinct-limit')).toBe('distinct before limit')
    expect(listsVerdicts(reference)).toEqual(['accepted'])
  })

  it('sends its first (CORS) request with the token when one is given', async () => {
    const sent: HttpRequestSpec[] = []
    await probeApi({ baseUrl: BASE, resourceId: PRIVATE_ID, token: TOKEN }, transportOf(undefined, sent))
    expect(sent[0]?.headers).toContainEqual(['Authorization', TOKEN])
  })

  it('tells the browser refusing to send a header from the server refusing the token', async () => {
    const inner = transportOf()
    const browserBlocking = (header: string): Transport => ({
      send: (spec, options) =>
        spec.headers.some(([name]) => name === header) ? Promise.reject(new TransportError('network', 'Failed to fetch', { phase: 'connect' })) : inner.send(spec, options),
    })
    const noAuthorization = await probeApi({ baseUrl: BASE, resourceId: PUBLIC_ID, token: TOKEN }, browserBlocking('Authorization'))
    expect(verdict(noAuthorization, 'cors')).toMatch(/^allowed, but not with the token: the browser refused/)

    const noKey = await probeApi({ baseUrl: BASE, resourceId: PRIVATE_ID, token: TOKEN }, browserBlocking('X-CKAN-API-Key'))
    expect(verdict(noKey, 'token-header')).toBe('Authorization (X-CKAN-API-Key not tested)')
    expect(noKey.findings.find((finding) => finding.topic === 'token-header')?.detail).toMatch(/browser would not send X-CKAN-API-Key/)
    expect(noKey.summary).toMatch(/Not checked .*Token header/)
  })
})

describe('innerSubstring', () => {
  it('cuts the ends off the first long word, so it is part of a word but no word itself', () => {
    expect(innerSubstring('Advanced Biology')).toBe('dvance')
    expect(innerSubstring('B-1 ab')).toBeUndefined()
  })
})
