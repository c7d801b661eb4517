// The planner against the reference engine's own HTTP handler (distinct, sort with nulls, filters,
// limit 0 counts), for POST and GET: the exact facts equal counts made here from the rows themselves.
import { describe, expect, it } from 'vitest'
import { Catalog, createDatastoreHandler, TableBuilder, type CellValue } from '../../engine/index.ts'
import { defaultQuery } from '../../query/defaults.ts'
import type { Method, QueryState } from '../../query/types.ts'
import { fetchDatastoreSearch } from '../datastore-search.ts'
import type { Transport } from '../transport.ts'
import { serverFacts, type SummarySend } from './live-facts.ts'

const FIELDS = [
  { id: 'stage', type: 'text' as const },
  { id: 'amount', type: 'int4' as const },
  { id: 'code', type: 'text' as const },
]
const STAGES = ['active', 'closed', 'draft', '', null]
const ROWS = Array.from({ length: 200 }, (_, i) => ({ stage: STAGES[(i * 7) % 5] ?? null, amount: i % 9 === 0 ? null : (i * 37) % 500, code: `c${i % 40}` }))

function engineTransport(): Transport {
  const builder = new TableBuilder(FIELDS)
  for (const row of ROWS) builder.append(row)
  const table = builder.build()
  const catalog = new Catalog()
  catalog.add({ id: 'res', load: () => table })
  const handle = createDatastoreHandler({ catalog, basePath: '/data', tokens: [] })
  return {
    async send(spec) {
      const response = await handle(new Request(spec.url, { method: spec.method, headers: spec.headers, body: spec.body }))
      return { status: response.status, statusText: response.statusText, headers: [...response.headers], bodyText: await response.text(), elapsedMs: 1 }
    },
  }
}

const transport = engineTransport()
const send: SummarySend = async (query, extra) => {
  const outcome = await fetchDatastoreSearch(query, { transports: { live: transport, demo: transport } }, undefined, extra)
  return { records: outcome.result.records, total: outcome.result.total }
}
const query = (method: Method, overrides: Partial<QueryState> = {}): QueryState => ({ ...defaultQuery(), source: 'live', baseUrl: 'http://127.0.0.1:1/data', resourceId: 'res', method, ...overrides })
const countOf = (rows: typeof ROWS, field: 'stage' | 'amount', value: CellValue) => rows.filter((row) => row[field] === value).length

describe.each(['POST', 'GET'] as const)('serverFacts against the reference engine (%s)', (method) => {
  it('counts every value of a field with few values exactly, and its empties', async () => {
    const facts = await serverFacts('stage', 'text', { query: query(method), matching: ROWS.length, send })
    expect(facts.values?.map(({ text, count }) => [text, count]).toSorted()).toEqual(['active', 'closed', 'draft'].map((stage) => [stage, countOf(ROWS, 'stage', stage)]).toSorted())
    expect(facts.empty).toBe(countOf(ROWS, 'stage', '') + countOf(ROWS, 'stage', null))
    expect(facts.distinct).toBe(3)
  })

  it('keeps the query\'s filters: counts, distinct, min and max of the matching records only', async () => {
    const filters = [{ field: 'stage', values: ['active', 'draft'] }]
    const matching = ROWS.filter((row) => row.stage === 'active' || row.stage === 'draft')
    const facts = await serverFacts('amount', 'number', { query: query(method, { filters }), matching: matching.length, send })
    const amounts = matching.map((row) => row.amount).filter((amount): amount is number => amount !== null)
    expect(facts.distinct).toBe(new Set(amounts).size)
    expect(facts.range).toEqual({ min: Math.min(...amounts), max: Math.max(...amounts) })
    expect(facts.values).toBeUndefined()
    expect(facts.requests).toBeLessThanOrEqual(3)
  })

  it('says the distinct count of a text field with many values', async () => {
    const facts = await serverFacts('code', 'text', { query: query(method), matching: ROWS.length, send })
    expect(facts.distinct).toBe(40)
  })
})
