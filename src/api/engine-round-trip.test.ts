// The whole demo path without the worker: query -> builder -> the engine's HTTP handler -> parser.
// Proves the builder's requests mean to the reference engine what the query says, for POST and GET.
import { describe, expect, it } from 'vitest'
import { Catalog, createDatastoreHandler, TableBuilder } from '../engine/index.ts'
import { defaultQuery } from '../query/defaults.ts'
import { buildRequest } from '../query/request-builder.ts'
import type { Method, QueryState } from '../query/types.ts'
import { DatastoreSearchError } from './api-error.ts'
import { fetchDatastoreSearch } from './datastore-search.ts'
import type { Transport } from './transport.ts'

const FIELDS = [
  { id: 'subject', type: 'text' as const },
  { id: 'stage', type: 'text' as const },
  { id: 'rating with %', type: 'int4' as const },
  { id: 'a.b', type: 'text' as const },
  { id: 'bük', type: 'text' as const },
]
const ROWS = [
  ['Biology', 'active', 60, 'x', 'ü'],
  ['Chemistry', 'draft', 75, 'y', 'ö'],
  ['Biology', 'closed', 90, 'x', 'ä'],
  ['Physics', 'active', null, 'z', 'ü'],
  ['Biology', 'draft', 15, 'y', 'o'],
] as const

function engineTransport(): Transport {
  const builder = new TableBuilder(FIELDS)
  for (const row of ROWS) builder.append(Object.fromEntries(FIELDS.map((field, i) => [field.id, row[i]])))
  const table = builder.build()
  const catalog = new Catalog()
  catalog.add({ id: 'd2a1e7a0-6b0c-4e55-9a57-2f3c5c1f1e01', aliases: ['courses'], load: () => table })
  catalog.add({ id: 'private-one', isPrivate: true, load: () => table })
  const handle = createDatastoreHandler({ catalog, basePath: '/data', tokens: ['good-token'] })
  return {
    async send(spec) {
      const response = await handle(new Request(spec.url, { method: spec.method, headers: spec.headers, body: spec.body }))
      return { status: response.status, statusText: response.statusText, headers: [...response.headers], bodyText: await response.text(), elapsedMs: 1 }
    },
  }
}

const transport = engineTransport()
const search = (query: Partial<QueryState>, token?: string) =>
  fetchDatastoreSearch({ ...defaultQuery(), ...query }, { transports: { live: transport, demo: transport }, ...(token ? { token } : {}) })

const ids = (records: { [key: string]: unknown }[]) => records.map((record) => record['_id'])

describe.each<Method>(['POST', 'GET'])('%s through the reference engine', (method) => {
  it('filters any-of within a field and all-of across fields', async () => {
    const { result } = await search({
      method,
      filters: [
        { field: 'stage', values: ['active', 'draft'] },
        { field: 'subject', values: ['Biology'] },
      ],
    })
    expect(ids(result.records)).toEqual([1, 5])
    expect(result.total).toBe(2)
  })

  it('searches q, pages with offset and limit, and picks fields', async () => {
    const { result } = await search({ method, q: 'bio', limit: 1, offset: 1, fields: ['subject', 'rating with %'] })
    expect(result.records).toEqual([{ subject: 'Biology', 'rating with %': 90 }])
    expect(result.total).toBe(3)
  })

  it('sends field names with spaces, dots, percent signs and non-ASCII letters so the engine finds them', async () => {
    const { result } = await search({
      method,
      filters: [
        { field: 'a.b', values: ['x'] },
        { field: 'bük', values: ['ü', 'ä'] },
      ],
      sort: [{ field: 'rating with %', direction: 'desc' }],
      sortOn: 'server',
    })
    expect(ids(result.records)).toEqual([3, 1])
  })

  it('sorts on the server only when asked to', async () => {
    const sort = [{ field: 'rating with %', direction: 'asc' as const }]
    expect(ids((await search({ method, sort, sortOn: 'server' })).result.records)).toEqual([5, 1, 2, 3, 4])
    expect(ids((await search({ method, sort, sortOn: 'browser' })).result.records)).toEqual([1, 2, 3, 4, 5])
  })

  it('reaches a private resource only with a token that grants it', async () => {
    const denied = await search({ method, resourceId: 'private-one' }).catch((error: unknown) => error)
    expect(denied).toBeInstanceOf(DatastoreSearchError)
    expect((denied as DatastoreSearchError).apiError.kind).toBe('forbidden')
    expect((await search({ method, resourceId: 'private-one' }, 'good-token')).result.records).toHaveLength(5)
  })

  it('shows a server-side validation error beside the field it names', async () => {
    const error = (await search({ method, filters: [{ field: 'colour', values: ['red'] }] }).catch((failure: unknown) => failure)) as DatastoreSearchError
    expect(error.apiError).toMatchObject({ kind: 'validation', fieldErrors: { filters: expect.stringMatching(/colour/) } })
  })
})

describe('the built request itself', () => {
  it('is answered identically by POST and GET', async () => {
    const query: Partial<QueryState> = { q: 'o', filters: [{ field: 'stage', values: ['draft', 'active'] }], sort: [{ field: 'subject', direction: 'desc' }], sortOn: 'server' }
    const viaPost = await search({ ...query, method: 'POST' })
    const viaGet = await search({ ...query, method: 'GET' })
    expect(viaGet.result.records).toEqual(viaPost.result.records)
    expect(buildRequest({ ...defaultQuery(), ...query, method: 'GET' }).url).toContain('sort=subject%20desc')
  })
})
