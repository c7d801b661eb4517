// Engine vs oracle on a table big enough for many chunks and trigram blocks, with needles that are
// rare (skip index prunes most blocks), common (no pruning), absent, and cut across chunk ends.

import { describe, expect, it } from 'vitest'
import { Catalog } from './catalog.ts'
import { datastoreSearch } from './datastore-search.ts'
import { TableBuilder } from './table.ts'
import { oracleSearch, type OracleRequest } from './test-support/oracle.ts'
import type { FieldInfo, RecordObject } from './types.ts'

const PATH = '/api/3/action/datastore_search'
const WORDS = ['grain', 'stone', 'Río', 'ÉTÉ', 'quill', 'North', 'delta', 'İzmir', 'straße', 'oak']

function seeded(seed: number): () => number {
  let state = seed
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 4294967296
  }
}

const fields: FieldInfo[] = [
  { id: 'title', type: 'text' },
  { id: 'stage', type: 'text' },
  { id: 'amount', type: 'numeric' },
]

function makeRecords(count: number): RecordObject[] {
  const random = seeded(7)
  const pick = () => WORDS[Math.floor(random() * WORDS.length)] as string
  return Array.from({ length: count }, (_, i) => ({
    title: i % 997 === 0 ? `zebra ${pick()} quokka` : `${pick()} ${pick()} ${pick()}`,
    stage: ['active', 'closed', 'draft'][i % 3] as string,
    amount: random() < 0.1 ? null : Math.round(random() * 1000) / 4,
  }))
}

describe.each([
  ['WebAssembly kernel', true],
  ['JS strings', false],
])('engine vs oracle at scale (%s)', (_kernel, wasmScan) => {
  const records = makeRecords(6000)
  const builder = new TableBuilder(fields, { chunkSize: 1000, blockSize: 16, wasmScan })
  for (const record of records) builder.append(record)
  const table = builder.build()
  const catalog = new Catalog()
  catalog.add({ id: 'big', load: () => table })

  const requests: OracleRequest[] = [
    { q: 'QUOKKA', limit: 100 },
    { q: 'zebra', limit: 3, offset: 2 },
    { q: 'grain', limit: 50 },
    { q: 'grain stone', limit: 10, include_total: false },
    { q: 'été', limit: 20 },
    { q: 'i̇zmir', limit: 5 },
    { q: 'absentword', limit: 5 },
    { q: 'quill', filters: { stage: ['draft', 'closed'] }, limit: 40 },
    { q: 'a', filters: { stage: 'active' }, sort: 'amount desc, title', limit: 30 },
    { filters: { stage: 'closed' }, limit: 0 },
    { sort: 'title desc', limit: 25, offset: 1000 },
    { q: { title: 'quokka' }, sort: ['amount'], limit: 10 },
  ]

  it.each(requests.map((request) => [JSON.stringify(request), request] as const))('%s', async (_name, request) => {
    const outcome = await datastoreSearch(catalog, { resource_id: 'big', ...request }, { tokens: [], requestPath: PATH })
    expect(outcome.status).toBe(200)
    expect(outcome.body).toEqual(oracleSearch(fields, records, 'big', request, { path: PATH }))
  })
})

describe('a total over more matches in one chunk than the kernel hands back per call', () => {
  it.each([true, false])('counts every match (WebAssembly kernel: %s)', async (wasmScan) => {
    const texts = Array.from({ length: 40000 }, (_, i) => ({ title: i % 7 === 0 ? `plain ${i}` : `Grain ${i}`, stage: null, amount: null }))
    const builder = new TableBuilder(fields, { wasmScan })
    for (const record of texts) builder.append(record)
    const catalog = new Catalog()
    const table = builder.build()
    catalog.add({ id: 'many', load: () => table })
    for (const request of [{ q: 'grain', limit: 0 }, { q: 'GRAIN 3', limit: 0 }] satisfies OracleRequest[]) {
      const outcome = await datastoreSearch(catalog, { resource_id: 'many', ...request }, { tokens: [], requestPath: PATH })
      expect(outcome.body).toEqual(oracleSearch(fields, texts, 'many', request, { path: PATH }))
    }
  })
})
