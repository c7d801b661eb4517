// A whole export against the reference engine's handler: the Blob is the file, the flags say honestly
// whether more records matched than were written.
import { describe, expect, it } from 'vitest'
import { Catalog, createDatastoreHandler, TableBuilder } from '../../engine/index.ts'
import type { Transport } from '../../api/transport.ts'
import { defaultQuery } from '../../query/defaults.ts'
import { runExport, type ExportProgress } from './run-export.ts'

const RESOURCE = 'e5a1e7a0-6b0c-4e55-9a57-2f3c5c1f1e0a'

function deps(rows: number) {
  const builder = new TableBuilder([{ id: 'name', type: 'text' }])
  for (let i = 1; i <= rows; i++) builder.append({ name: i % 10 === 0 ? `=cell ${i}` : `row ${i}` })
  const table = builder.build()
  const catalog = new Catalog()
  catalog.add({ id: RESOURCE, load: () => table })
  const handle = createDatastoreHandler({ catalog, basePath: '/data', tokens: [] })
  const transport: Transport = {
    async send(spec) {
      const response = await handle(new Request(spec.url, { method: spec.method, headers: spec.headers, body: spec.body }))
      return { status: response.status, statusText: response.statusText, headers: [...response.headers], bodyText: await response.text(), elapsedMs: 1 }
    },
  }
  return { transports: { demo: transport, live: transport } }
}

const query = { ...defaultQuery(), resourceId: RESOURCE, limit: 3 }

describe('runExport', () => {
  it('writes every record into one NDJSON file and reports progress page by page', async () => {
    const progress: ExportProgress[] = []
    const outcome = await runExport(query, deps(250), 'ndjson', { pageSize: 100, onProgress: (step) => progress.push(step) })
    const lines = (await outcome.blob.text()).trimEnd().split('\n').map((line) => JSON.parse(line) as { name: string })
    expect(lines).toHaveLength(250)
    expect(lines[9]?.name).toBe('=cell 10')
    expect(outcome).toMatchObject({ exported: 250, total: 250, truncated: false })
    expect(progress).toEqual([
      { done: 100, expected: 250 },
      { done: 200, expected: 250 },
      { done: 250, expected: 250 },
    ])
    expect(outcome.blob.type).toBe('application/x-ndjson')
  })

  it('stops at the limit and says the result was larger', async () => {
    const outcome = await runExport(query, deps(250), 'csv', { pageSize: 100, maxRecords: 120 })
    expect(outcome).toMatchObject({ exported: 120, total: 250, truncated: true })
    const text = await outcome.blob.text()
    // The header plus 120 records; the formula-like cells are defused.
    expect(text.trimEnd().split('\r\n')).toHaveLength(121)
    expect(text).toContain("'=cell 10")
  })

  it('an empty result still makes a valid file', async () => {
    const outcome = await runExport({ ...query, q: 'nothing like this' }, deps(20), 'json')
    expect(JSON.parse(await outcome.blob.text())).toEqual([])
    expect(outcome).toMatchObject({ exported: 0, truncated: false })
  })
})
