// The Group by plans: which way each grouping is answered, and the live ones against the reference
// engine's own HTTP handler (counts per value through datastore_search; more than 20 values and a mean
// fetch every matching record when few match, else fall back to the loaded records, grouped by the
// engine), compared with groups made here from the rows.
import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { Catalog, createDatastoreHandler, groupRecords, TableBuilder } from '../../engine/index.ts'
import { defaultQuery } from '../../query/defaults.ts'
import type { Grouping } from '../../query/grouping.ts'
import type { QueryState } from '../../query/types.ts'
import type { Transport } from '../transport.ts'
import { groupPlan, liveGroupOptions, type GroupDeps } from './group-options.ts'

const FIELDS = [
  { id: 'stage', type: 'text' as const },
  { id: 'amount', type: 'int4' as const },
  { id: 'code', type: 'text' as const },
]
const STAGES = ['active', 'closed', 'draft', 'active']
const ROWS = Array.from({ length: 120 }, (_, i) => ({ stage: STAGES[(i * 7) % 4] ?? null, amount: (i * 37) % 500, code: `c${i % 40}` }))

function engineTransport(): { transport: Transport; sent: string[]; bodies: string[] } {
  const builder = new TableBuilder(FIELDS)
  for (const row of ROWS) builder.append(row)
  const table = builder.build()
  const catalog = new Catalog()
  catalog.add({ id: 'res', load: () => table })
  const handle = createDatastoreHandler({ catalog, basePath: '/data', tokens: [] })
  const sent: string[] = []
  const bodies: string[] = []
  return {
    sent,
    bodies,
    transport: {
      async send(spec) {
        sent.push(spec.url)
        bodies.push(spec.body ?? '')
        const response = await handle(new Request(spec.url, { method: spec.method, headers: spec.headers, body: spec.body }))
        return { status: response.status, statusText: response.statusText, headers: [...response.headers], bodyText: await response.text(), elapsedMs: 1 }
      },
    },
  }
}

const query: QueryState = { ...defaultQuery(), source: 'live', baseUrl: 'http://127.0.0.1:1/data', resourceId: 'res', limit: 10 }
const loaded = { fields: [{ id: '_id', type: 'int' }, ...FIELDS], records: ROWS.slice(0, 10).map((row, i) => ({ _id: i + 1, ...row })), total: ROWS.length }

function deps(): GroupDeps & { sent: string[]; bodies: string[] } {
  const { transport, sent, bodies } = engineTransport()
  return { transports: { live: transport, demo: transport }, groupRecords: async (fields, records, request) => groupRecords(fields, records, request), sent, bodies }
}

describe('groupPlan', () => {
  const count: Grouping = { keys: [{ field: 'stage' }], measure: 'count', top: 20 }
  const mean: Grouping = { keys: [{ field: 'stage' }], measure: 'mean', measureField: 'amount', top: 20 }
  it('asks the demo engine, SQL where offered, counts for a count by one field, else the loaded records', () => {
    expect(groupPlan({ source: 'demo', offersSql: undefined, grouping: mean, complete: false })).toBe('engine')
    expect(groupPlan({ source: 'live', offersSql: true, grouping: mean, complete: false })).toBe('sql')
    expect(groupPlan({ source: 'live', offersSql: false, grouping: count, complete: false })).toBe('counts')
    expect(groupPlan({ source: 'live', offersSql: undefined, grouping: mean, complete: false })).toBe('loaded')
    expect(groupPlan({ source: 'live', offersSql: false, grouping: { ...count, keys: [{ field: 'day', unit: 'month' }] }, complete: false })).toBe('loaded')
    expect(groupPlan({ source: 'live', offersSql: true, grouping: mean, complete: true })).toBe('loaded')
  })
})

describe('live groupings against the reference engine', () => {
  const client = new QueryClient()
  it('counts each value of a field with few values through datastore_search, exactly', async () => {
    const used = deps()
    const answer = await client.fetchQuery(liveGroupOptions(query, loaded, { keys: [{ field: 'stage' }], measure: 'count', top: 2 }, 'counts', false, used))
    const counts = new Map<string, number>()
    for (const row of ROWS) counts.set(row.stage ?? '', (counts.get(row.stage ?? '') ?? 0) + 1)
    const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    expect(answer.scope).toEqual({ kind: 'counts', requests: used.sent.length })
    expect(answer.result.rows).toEqual(sorted.slice(0, 2).map(([stage, count]) => ({ keys: [stage], count, value: count })))
    expect(answer.result.other).toEqual({ groups: 1, count: sorted[2]?.[1], value: sorted[2]?.[1] })
    expect(answer.result.total).toBe(ROWS.length)
  })

  it('fetches every matching record, with only the fields the grouping reads, when the server cannot count or measure and few match', async () => {
    const used = deps()
    const many = await client.fetchQuery(liveGroupOptions(query, loaded, { keys: [{ field: 'code' }], measure: 'count', top: 50 }, 'counts', false, used))
    const byCode = new Map<string, number>()
    for (const row of ROWS) byCode.set(row.code, (byCode.get(row.code) ?? 0) + 1)
    expect(many.scope).toEqual({ kind: 'fetched', requests: 1 })
    expect(many.result.total).toBe(ROWS.length)
    expect(new Map(many.result.rows.map((row) => [row.keys[0], row.count]))).toEqual(byCode)
    const asked = JSON.parse(used.bodies.at(-1) ?? '{}') as Record<string, unknown>
    expect(asked).toMatchObject({ fields: ['code'], sort: '_id asc' })

    const meanDeps = deps()
    const mean = await client.fetchQuery(liveGroupOptions(query, loaded, { keys: [{ field: 'stage' }], measure: 'mean', measureField: 'amount', top: 20 }, 'loaded', false, meanDeps))
    expect(mean.scope).toEqual({ kind: 'fetched', requests: 1 })
    expect(JSON.parse(meanDeps.bodies.at(-1) ?? '{}')).toMatchObject({ fields: ['stage', 'amount'] })
    const active = ROWS.filter((row) => row.stage === 'active').map((row) => row.amount)
    expect(mean.result.rows.find((row) => row.keys[0] === 'active')?.value).toBe(active.reduce((sum, value) => sum + value, 0) / active.length)
  })

  it('groups the loaded records when the total is not known, and says so', async () => {
    const unknown = { ...loaded, total: undefined }
    const many = await client.fetchQuery(liveGroupOptions(query, unknown, { keys: [{ field: 'code' }], measure: 'count', top: 20 }, 'counts', false, deps()))
    expect(many.scope).toEqual({ kind: 'loaded', loaded: 10, complete: false, reason: 'many-values' })
    expect(many.result.total).toBe(10)
    const mean = await client.fetchQuery(liveGroupOptions(query, unknown, { keys: [{ field: 'stage' }], measure: 'mean', measureField: 'amount', top: 20 }, 'loaded', false, deps()))
    expect(mean.scope).toEqual({ kind: 'loaded', loaded: 10, complete: false, reason: 'no-sql' })
    const active = ROWS.slice(0, 10).filter((row) => row.stage === 'active').map((row) => row.amount)
    expect(mean.result.rows.find((row) => row.keys[0] === 'active')?.value).toBe(active.reduce((sum, value) => sum + value, 0) / active.length)
  })
})
