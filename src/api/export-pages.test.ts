// Export paging against the reference engine's handler: every matching record, once, in order.
import { describe, expect, it } from 'vitest'
import { Catalog, createDatastoreHandler, TableBuilder } from '../engine/index.ts'
import { defaultQuery } from '../query/defaults.ts'
import type { HttpRequestSpec } from '../query/request-builder.ts'
import type { QueryState } from '../query/types.ts'
import { exportPages, type ExportPage } from './export-pages.ts'
import type { Transport } from './transport.ts'

const RESOURCE = 'e5a1e7a0-6b0c-4e55-9a57-2f3c5c1f1e09'
const STAGES = ['active', 'draft', 'closed']

function engine(rows: number): { transport: Transport; sent: HttpRequestSpec[] } {
  const builder = new TableBuilder([
    { id: 'n', type: 'int4' },
    { id: 'stage', type: 'text' },
  ])
  for (let i = 0; i < rows; i++) builder.append({ n: rows - i, stage: STAGES[i % 3] })
  const table = builder.build()
  const catalog = new Catalog()
  catalog.add({ id: RESOURCE, load: () => table })
  const handle = createDatastoreHandler({ catalog, basePath: '/data', tokens: [] })
  const sent: HttpRequestSpec[] = []
  const transport: Transport = {
    async send(spec) {
      sent.push(spec)
      const response = await handle(new Request(spec.url, { method: spec.method, headers: spec.headers, body: spec.body }))
      return { status: response.status, statusText: response.statusText, headers: [...response.headers], bodyText: await response.text(), elapsedMs: 1 }
    },
  }
  return { transport, sent }
}

function query(overrides: Partial<QueryState>): QueryState {
  return { ...defaultQuery(), resourceId: RESOURCE, ...overrides }
}

async function collect(pages: AsyncGenerator<ExportPage>): Promise<ExportPage[]> {
  const all: ExportPage[] = []
  for await (const page of pages) all.push(page)
  return all
}

describe('exportPages', () => {
  it('fetches every matching record page by page, ignoring the grid limit and offset', async () => {
    const { transport, sent } = engine(1000)
    const deps = { transports: { demo: transport, live: transport } }
    const pages = await collect(exportPages(query({ limit: 5, offset: 40, filters: [{ field: 'stage', values: ['active'] }] }), deps, { pageSize: 100, maxRecords: 10_000 }))
    const records = pages.flatMap((page) => page.records)
    expect(records).toHaveLength(334)
    expect(records.every((record) => record.stage === 'active')).toBe(true)
    expect(new Set(records.map((record) => record['_id'])).size).toBe(334)
    expect(pages.at(-1)?.done).toBe(334)
    expect(sent).toHaveLength(4)
    expect(JSON.parse(sent[3].body ?? '')).toMatchObject({ limit: 100, offset: 300, filters: { stage: 'active' } })
  })

  it('sends the grid sort so the file has the order shown', async () => {
    const { transport } = engine(50)
    const deps = { transports: { demo: transport, live: transport } }
    const pages = await collect(exportPages(query({ sort: [{ field: 'n', direction: 'asc' }], sortOn: 'browser' }), deps, { pageSize: 20, maxRecords: 100 }))
    expect(pages.flatMap((page) => page.records).map((record) => record.n)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
  })

  it('sends every live page with the timeout the user set, not the transport default', async () => {
    const { transport } = engine(250)
    const timeouts: (number | undefined)[] = []
    const live: Transport = { send: (spec, options) => (timeouts.push(options?.timeoutMs), transport.send(spec, options)) }
    const deps = { transports: { demo: transport, live }, timeoutMs: 1234 }
    await collect(exportPages(query({ source: 'live', baseUrl: 'http://127.0.0.1:8800/data' }), deps, { pageSize: 100, maxRecords: 1000 }))
    expect(timeouts).toEqual([1234, 1234, 1234])
  })

  it('stops at the limit and says how many matched', async () => {
    const { transport, sent } = engine(500)
    const deps = { transports: { demo: transport, live: transport } }
    const pages = await collect(exportPages(query({}), deps, { pageSize: 100, maxRecords: 250 }))
    expect(pages.map((page) => page.records.length)).toEqual([100, 100, 50])
    expect(pages[0].total).toBe(500)
    expect(sent).toHaveLength(3)
  })

  it('stops when aborted', async () => {
    const { transport } = engine(500)
    const deps = { transports: { demo: transport, live: transport } }
    const abort = new AbortController()
    const seen: number[] = []
    await expect(async () => {
      for await (const page of exportPages(query({}), deps, { pageSize: 100, maxRecords: 1000, signal: abort.signal })) {
        seen.push(page.done)
        abort.abort()
      }
    }).rejects.toThrow(/abort/i)
    expect(seen).toEqual([100])
  })
})
