import { describe, expect, it } from 'vitest'
import type { HttpRequestSpec } from '../query/request-builder.ts'
import { CatalogFailure, searchDatasets, showDataset, type CatalogDeps, type CatalogTarget } from './catalog-search.ts'
import { CKAN_2_9, CKAN_2_10, CKAN_2_11, CKAN_2_12 } from './test-support/ckan-catalog-answers.ts'
import { TransportError, type RawResponse, type Transport } from './transport.ts'

const target: CatalogTarget = { source: 'live', baseUrl: 'https://portal.example/data' }
const reply = (status: number, body: unknown): RawResponse => ({ status, statusText: '', headers: [], bodyText: typeof body === 'string' ? body : JSON.stringify(body), elapsedMs: 1 })

function answering(answer: (spec: HttpRequestSpec) => RawResponse | Promise<RawResponse>, token?: string) {
  const sent: HttpRequestSpec[] = []
  const transport: Transport = {
    async send(spec) {
      sent.push(spec)
      return answer(spec)
    },
  }
  const deps: CatalogDeps = { transports: { live: transport, demo: transport }, ...(token === undefined ? {} : { token }) }
  return { deps, sent }
}

async function failure(promise: Promise<unknown>): Promise<CatalogFailure> {
  try {
    await promise
  } catch (error) {
    if (error instanceof CatalogFailure) return error
    throw error
  }
  throw new Error('expected a CatalogFailure')
}

describe('searchDatasets', () => {
  it('asks package_search by GET for a page of 20 from start; with a token, private datasets too', async () => {
    const { deps, sent } = answering(() => reply(200, CKAN_2_11))
    await searchDatasets(target, ' trees ', 40, deps)
    expect(sent[0]).toEqual({ method: 'GET', url: 'https://portal.example/data/api/action/package_search?q=trees&rows=20&start=40', headers: [] })
    const withToken = answering(() => reply(200, CKAN_2_11), 'secret')
    await searchDatasets(target, '', 0, withToken.deps)
    expect(withToken.sent[0]).toEqual({ method: 'GET', url: 'https://portal.example/data/api/action/package_search?rows=20&start=0&include_private=true', headers: [['Authorization', 'secret']] })
  })

  it('reads CKAN 2.9: a resource without datastore_active is not queryable; formats from the field or the url', async () => {
    const { deps } = answering(() => reply(200, CKAN_2_9))
    const page = await searchDatasets(target, '', 0, deps)
    expect(page.count).toBe(2)
    expect(page.datasets[0]).toEqual({
      id: 'a1a1a1a1-0000-4000-8000-000000000029',
      name: 'air-quality-monitoring',
      title: 'Air quality monitoring',
      organization: 'City Environment Office',
      summary: 'Hourly readings from the city\'s monitoring stations.',
      formats: ['CSV', 'GEOJSON', 'XLSX'],
      resourceCount: 3,
      isPrivate: false,
      resources: [
        { id: 'r1000000-0000-4000-8000-000000000001', name: 'Readings 2020', format: 'CSV', queryable: true },
        { id: 'r1000000-0000-4000-8000-000000000002', name: 'Station map', format: 'GEOJSON', queryable: false },
        { id: 'r1000000-0000-4000-8000-000000000003', name: 'Readings 2015-2019', format: 'XLSX', queryable: false },
      ],
    })
    // no title: the name stands in
    expect(page.datasets[1]).toMatchObject({ title: 'empty-dataset', resourceCount: 0, resources: [], formats: [] })
    expect(page.datasets[1]?.organization).toBeUndefined()
  })

  it('reads CKAN 2.10: datastore_active false, a DataStore-only resource at its dump address, markup out of the summary', async () => {
    const { deps } = answering(() => reply(200, CKAN_2_10))
    const [dataset] = (await searchDatasets(target, '', 0, deps)).datasets
    expect(dataset).toMatchObject({ title: 'Bus stops', organization: 'Transit Authority', summary: 'Every stop with its lines.', formats: ['CSV', 'PDF'] })
    expect(dataset?.resources.map((resource) => [resource.name, resource.queryable])).toEqual([['Stops', true], ['Timetable (PDF)', false]])
  })

  it('reads CKAN 2.11: notes and organization null', async () => {
    const { deps } = answering(() => reply(200, CKAN_2_11))
    const [dataset] = (await searchDatasets(target, '', 0, deps)).datasets
    expect(dataset).toMatchObject({ title: 'Tree inventory', summary: '', resourceCount: 1, resources: [{ name: 'Trees', queryable: true }] })
    expect(dataset?.organization).toBeUndefined()
  })

  it('reads CKAN 2.12: a private dataset, an organization without a title, a resource named by its url, no num_resources', async () => {
    const { deps } = answering(() => reply(200, CKAN_2_12))
    const page = await searchDatasets(target, '', 0, deps)
    expect(page.count).toBe(41)
    expect(page.datasets[0]).toMatchObject({
      isPrivate: true,
      organization: 'finance',
      summary: 'Confidential figures',
      resourceCount: 1,
      resources: [{ name: 'salaries-2025.csv', format: 'CSV', queryable: true }],
    })
  })

  it.each([
    ['refused (403)', () => reply(403, { success: false, error: { __type: 'Authorization Error', message: 'Access denied' } }), 'refused', /refused package_search \(403: Access denied\)/],
    ['an older CKAN without the action (400)', () => reply(400, '"Bad request - Action name not known: package_search"'), 'missing', /has no package_search \(400\)/],
    ['a DataStore server without a catalog (404 page)', () => reply(404, '<html><title>Not Found</title></html>'), 'missing', /has no package_search \(404\)/],
    ['a search error (409)', () => reply(409, { success: false, error: { __type: 'Search Query Error', message: 'Search Query is invalid' } }), 'refused', /could not search its catalog: Search Query is invalid/],
    ['not CKAN at all', () => reply(200, '<html>Welcome</html>'), 'unreadable', /not a CKAN catalog \(HTTP 200\)/],
    ['CORS off or offline', () => Promise.reject(new TransportError('network', 'Failed to fetch')), 'unreachable', /may not allow pages of other sites to read it \(CORS\)/],
    ['too slow', () => Promise.reject(new TransportError('timeout', 'timed out')), 'unreachable', /took too long/],
  ])('%s: one line saying so, pointing to the Resource ID field', async (_case, answer, kind, line) => {
    const { deps } = answering(answer)
    const failed = await failure(searchDatasets(target, 'x', 0, deps))
    expect(failed.kind).toBe(kind)
    expect(failed.message).toMatch(line)
  })

  it('a cancelled search rejects as cancelled, not as a failure of the catalog', async () => {
    const controller = new AbortController()
    controller.abort()
    const { deps } = answering(() => Promise.reject(new TransportError('aborted', 'cancelled')))
    await expect(searchDatasets(target, 'x', 0, deps, controller.signal)).rejects.toBeInstanceOf(TransportError)
  })
})

describe('showDataset', () => {
  it('asks package_show by id and reads the dataset', async () => {
    const { deps, sent } = answering(() => reply(200, { success: true, result: CKAN_2_10.result.results[0] }))
    expect(await showDataset(target, 'bus-stops', deps)).toMatchObject({ name: 'bus-stops', resourceCount: 2 })
    expect(sent[0]?.url).toBe('https://portal.example/data/api/action/package_show?id=bus-stops')
  })

  it('says the portal has no such dataset on 404', async () => {
    const { deps } = answering(() => reply(404, { success: false, error: { __type: 'Not Found Error', message: 'Not found' } }))
    expect(await failure(showDataset(target, 'nope', deps))).toMatchObject({ kind: 'not-found', message: 'The portal has no dataset of that name (404).' })
  })
})
