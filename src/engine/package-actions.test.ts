// The catalog actions through the fetch-style handler, as a CKAN client sends them: package_search
// (q, rows, start, sort, include_private), package_show, package_list, organization_list.

import { describe, expect, it } from 'vitest'
import { Catalog, type DatasetInfo } from './catalog.ts'
import { createDatastoreHandler } from './handler.ts'
import { tableOf } from './test-support/fixtures.ts'

const TOKEN = 'let-me-in'
const ORIGIN = 'http://127.0.0.1:8800'

const RIVERS: DatasetInfo = {
  id: 'rivers-2024',
  name: 'rivers-2024',
  title: 'River water samples',
  notes: 'Monthly grab samples checked by the regional laboratory.',
  license: { id: 'CC-BY-4.0', title: 'Creative Commons Attribution 4.0' },
  organization: { name: 'water-board', title: 'Water Board' },
  modified: '2024-05-01T00:00:00',
  otherResources: [{ name: 'Sampling protocol', format: 'PDF', url: 'https://example.org/protocol.pdf' }],
}

const AIR: DatasetInfo = { id: 'air', name: 'air', title: 'Air quality', notes: 'Hourly readings of particulates.', modified: '2024-06-01T00:00:00' }

function catalog(): Catalog {
  const table = tableOf([{ id: 'site', type: 'text' }, { id: 'nitrate_mg_l', type: 'numeric' }], [{ site: 'Weir', nitrate_mg_l: 1.5 }])
  const result = new Catalog()
  result.add({ id: 'samples', title: 'Samples', description: 'One row per sample.', format: 'CSV', dataset: RIVERS, dictionary: { ph: { label: 'Acidity' } }, load: () => table })
  result.add({ id: 'sites', title: 'Sites', format: 'CSV', dataset: RIVERS, load: () => table })
  result.add({ id: 'pm10', title: 'PM10 readings', format: 'CSV', dataset: AIR, load: () => table })
  result.add({ id: 'weather', title: 'weather', format: 'CSV', load: () => table })
  result.add({ id: 'grades', title: 'grades', format: 'JSON', isPrivate: true, load: () => table })
  return result
}

const handler = createDatastoreHandler({ catalog: catalog(), basePath: '/', tokens: [TOKEN] })

// oxlint-disable-next-line no-explicit-any -- the answers are read as CKAN's loose JSON, each test checking the parts it names
async function call(action: string, body: unknown, token?: string): Promise<{ status: number; body: any; response: Response }> {
  const response = await handler(new Request(`${ORIGIN}/api/3/action/${action}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
  }))
  return { status: response.status, body: await response.json(), response }
}

async function names(body: unknown, token?: string): Promise<string[]> {
  const { status, body: answer } = await call('package_search', body, token)
  expect(status).toBe(200)
  return answer.result.results.map((dataset: { name: string }) => dataset.name)
}

describe('package_search', () => {
  it('answers CKAN 2.11’s shape: count, results, sort, empty facets; a data package is one dataset with its resources', async () => {
    const { status, body, response } = await call('package_search', {})
    expect(status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
    expect(body.success).toBe(true)
    expect(body.help).toBe(`${ORIGIN}/api/3/action/help_show?name=package_search`)
    expect(body.result).toMatchObject({ count: 3, facets: {}, search_facets: {}, sort: 'score desc, metadata_modified desc' })
    const rivers = body.result.results.find((dataset: { name: string }) => dataset.name === 'rivers-2024')
    expect(rivers).toMatchObject({
      id: 'rivers-2024',
      title: 'River water samples',
      notes: RIVERS.notes,
      num_resources: 3,
      private: false,
      license_id: 'CC-BY-4.0',
      organization: { name: 'water-board', title: 'Water Board', is_organization: true },
      owner_org: 'water-board',
    })
    expect(rivers.resources).toEqual([
      expect.objectContaining({ id: 'samples', name: 'Samples', description: 'One row per sample.', format: 'CSV', datastore_active: true, package_id: 'rivers-2024', position: 0 }),
      expect.objectContaining({ id: 'sites', name: 'Sites', datastore_active: true, position: 1 }),
      expect.objectContaining({ name: 'Sampling protocol', format: 'PDF', url: 'https://example.org/protocol.pdf', datastore_active: false, position: 2 }),
    ])
  })

  it('a plain file is a dataset of one resource named by its id, without an organization', async () => {
    const { body } = await call('package_show', { id: 'weather' })
    expect(body.result).toMatchObject({ id: 'weather', name: 'weather', title: 'weather', num_resources: 1, organization: null, owner_org: null })
    expect(body.result.resources).toEqual([expect.objectContaining({ id: 'weather', name: 'weather', datastore_active: true, package_id: 'weather' })])
  })

  it.each([
    ['a word of the title', 'water', ['rivers-2024']],
    ['a word of the notes, any case', 'LABORATORY', ['rivers-2024']],
    ['a resource name', 'pm10', ['air']],
    ['a resource description', 'per sample', ['rivers-2024']],
    ['a field name of a loaded table', 'nitrate', ['rivers-2024', 'air', 'weather']],
    ['a field label', 'acidity', ['rivers-2024']],
    ['the organization', 'board', ['rivers-2024']],
    ['every word must be found', 'water hourly', []],
    ['Solr’s match-all', '*:*', ['air', 'rivers-2024', 'weather']],
  ])('q finds %s', async (_, q, expected) => {
    // the loaded tables' fields are searched: load them first
    const loaded = catalog()
    await Promise.all(['samples', 'sites', 'pm10', 'weather'].map((id) => loaded.prepare(id)))
    const local = createDatastoreHandler({ catalog: loaded, basePath: '/', tokens: [TOKEN] })
    const response = await local(new Request(`${ORIGIN}/api/action/package_search?q=${encodeURIComponent(q)}`))
    const body = (await response.json()) as { result: { count: number; results: { name: string }[] } }
    expect(body.result.results.map((dataset) => dataset.name).sort()).toEqual([...expected].sort())
    expect(body.result.count).toBe(expected.length)
  })

  it('ranks by score (title words weigh more), then by metadata_modified, newest first', async () => {
    expect(await names({ q: 'samples' })).toEqual(['rivers-2024'])
    // no q: every score is 0, so the newest dataset comes first, then the catalog's order
    expect(await names({})).toEqual(['air', 'rivers-2024', 'weather'])
  })

  it('sorts by title_string asc and desc, and by name', async () => {
    expect(await names({ sort: 'title_string asc' })).toEqual(['air', 'rivers-2024', 'weather'])
    expect(await names({ sort: 'title_string desc' })).toEqual(['weather', 'rivers-2024', 'air'])
    expect(await names({ sort: 'name desc' })).toEqual(['weather', 'rivers-2024', 'air'])
  })

  it('pages with rows (default 10, at most 1000) and start, the count staying the whole number', async () => {
    const { body } = await call('package_search', { rows: 1, start: 1, sort: 'title_string asc' })
    expect(body.result.count).toBe(3)
    expect(body.result.results.map((dataset: { name: string }) => dataset.name)).toEqual(['rivers-2024'])
    expect(await names({ rows: '2', sort: 'title_string asc' })).toEqual(['air', 'rivers-2024'])
    expect(await names({ rows: 5000, start: 2, sort: 'title_string asc' })).toEqual(['weather'])
    expect(await names({ rows: 0 })).toEqual([])
  })

  it('refuses rows and start that are not natural numbers, as CKAN’s validators say', async () => {
    expect(await call('package_search', { rows: 'ten' })).toMatchObject({ status: 409, body: { success: false, error: { __type: 'Validation Error', rows: ['Invalid integer'] } } })
    expect(await call('package_search', { start: -1 })).toMatchObject({ status: 409, body: { error: { start: ['Must be a natural number'] } } })
    expect(await call('package_search', { rows: 2.5 })).toMatchObject({ status: 409, body: { error: { rows: ['Invalid integer'] } } })
  })

  it('refuses an unknown parameter, a sort it cannot do and fq, with CKAN’s Search Query Error', async () => {
    const unknown = await call('package_search', { qq: 'water' })
    expect(unknown).toMatchObject({ status: 409, body: { success: false, error: { __type: 'Search Query Error' } } })
    expect(unknown.body.error.message).toBe(`Search Query is invalid: ("Invalid search parameters: ['qq']",)`)
    const sort = await call('package_search', { sort: 'views_recent desc' })
    expect(sort).toMatchObject({ status: 409, body: { error: { __type: 'Search Query Error', message: `Search Query is invalid: ("Invalid \\"sort\\" parameter",)` } } })
    expect((await call('package_search', { fq: 'tags:economy' })).status).toBe(409)
    // parameters CKAN passes to Solr that change nothing here are accepted
    expect((await call('package_search', { facet: 'false', 'facet.field': ['tags'], include_drafts: true })).status).toBe(200)
  })

  it('lists a private resource only for its token and include_private, as CKAN lists private datasets', async () => {
    expect(await names({ q: 'grades' })).toEqual([])
    expect(await names({ q: 'grades', include_private: true })).toEqual([])
    expect(await names({ q: 'grades' }, TOKEN)).toEqual([])
    expect(await names({ q: 'grades', include_private: 'True' }, 'wrong')).toEqual([])
    const { body } = await call('package_search', { q: 'grades', include_private: true }, TOKEN)
    expect(body.result.results).toEqual([expect.objectContaining({ name: 'grades', private: true })])
  })

  it('answers GET with query parameters too', async () => {
    const response = await handler(new Request(`${ORIGIN}/api/action/package_search?q=air&rows=1`))
    expect(response.status).toBe(200)
    expect(((await response.json()) as { result: { results: { name: string }[] } }).result.results.map((dataset) => dataset.name)).toEqual(['air'])
  })
})

describe('package_show', () => {
  it('shows a dataset by id or name', async () => {
    expect(await call('package_show', { id: 'rivers-2024' })).toMatchObject({ status: 200, body: { success: true, result: { name: 'rivers-2024', num_resources: 3 } } })
    expect(await call('package_show', { name_or_id: 'air' })).toMatchObject({ status: 200, body: { result: { title: 'Air quality' } } })
  })

  it('answers a missing id with 409, an unknown one with 404, a private one without the token with 403', async () => {
    expect(await call('package_show', {})).toMatchObject({ status: 409, body: { error: { __type: 'Validation Error', name_or_id: ['Missing value'] } } })
    expect(await call('package_show', { id: 'nope' })).toMatchObject({ status: 404, body: { success: false, error: { __type: 'Not Found Error', message: 'Not found' } } })
    expect(await call('package_show', { id: 'grades' })).toMatchObject({ status: 403, body: { error: { __type: 'Authorization Error' } } })
    expect(await call('package_show', { id: 'grades' }, TOKEN)).toMatchObject({ status: 200, body: { result: { name: 'grades', private: true } } })
  })
})

describe('package_list and organization_list', () => {
  it('package_list names the public datasets in name order, with limit and offset', async () => {
    expect((await call('package_list', {})).body.result).toEqual(['air', 'rivers-2024', 'weather'])
    expect((await call('package_list', {}, TOKEN)).body.result).toEqual(['air', 'rivers-2024', 'weather'])
    expect((await call('package_list', { limit: 1, offset: 1 })).body.result).toEqual(['rivers-2024'])
    expect(await call('package_list', { limit: 'x' })).toMatchObject({ status: 409, body: { error: { limit: ['Invalid integer'] } } })
  })

  it('organization_list names the organizations, or gives their dicts with all_fields', async () => {
    expect((await call('organization_list', {})).body.result).toEqual(['water-board'])
    const { body } = await call('organization_list', { all_fields: true })
    expect(body.result).toEqual([expect.objectContaining({ name: 'water-board', title: 'Water Board', display_name: 'Water Board', package_count: 1, is_organization: true })])
    expect((await call('organization_list', { sort: 'bogus' })).status).toBe(409)
  })
})

describe('organization_list parameters', () => {
  const table = tableOf([{ id: 'x', type: 'text' }], [])
  const orgs = new Catalog()
  const org = (name: string, title: string) => ({ name, title })
  orgs.add({ id: 'a', dataset: { id: 'a', name: 'a', organization: org('zeta', 'Alpha Office') }, load: () => table })
  orgs.add({ id: 'b', dataset: { id: 'b', name: 'b', organization: org('alpha', 'Zeta Office') }, load: () => table })
  orgs.add({ id: 'c', dataset: { id: 'c', name: 'c', organization: org('alpha', 'Zeta Office') }, load: () => table })
  orgs.add({ id: 'd', isPrivate: true, dataset: { id: 'd', name: 'd', organization: org('hidden', 'Hidden Office') }, load: () => table })
  const local = createDatastoreHandler({ catalog: orgs, basePath: '/', tokens: [TOKEN] })
  const list = async (body: unknown, token?: string): Promise<unknown> => {
    const response = await local(new Request(`${ORIGIN}/api/action/organization_list`, { method: 'POST', body: JSON.stringify(body), headers: token ? { authorization: token } : {} }))
    return ((await response.json()) as { result: unknown }).result
  }

  it('sorts by title (the default), name or package count, pages with limit and offset, filters by organizations', async () => {
    expect(await list({})).toEqual(['zeta', 'alpha'])
    expect(await list({ sort: 'name asc' })).toEqual(['alpha', 'zeta'])
    expect(await list({ sort: 'name desc' })).toEqual(['zeta', 'alpha'])
    // `packages` alone means the most datasets first, as CKAN keeps it
    expect(await list({ sort: 'packages' })).toEqual(['alpha', 'zeta'])
    expect(await list({ sort: 'package_count asc' })).toEqual(['zeta', 'alpha'])
    expect(await list({ limit: 1, offset: 1 })).toEqual(['alpha'])
    expect(await list({ organizations: ['alpha'] })).toEqual(['alpha'])
    expect(await list({ all_fields: 'true', sort: 'name asc' })).toEqual([
      expect.objectContaining({ name: 'alpha', package_count: 2 }),
      expect.objectContaining({ name: 'zeta', package_count: 1 }),
    ])
  })

  it('names an organization whose datasets are all private only to their token', async () => {
    expect(await list({}, TOKEN)).toEqual(['zeta', 'hidden', 'alpha'])
    expect(await list({ all_fields: true, organizations: ['hidden'] }, TOKEN)).toEqual([expect.objectContaining({ name: 'hidden', package_count: 0 })])
  })
})

describe('package_search edges', () => {
  it('a start past the end gives no results and the whole count; an empty q is every dataset', async () => {
    const { body } = await call('package_search', { start: 50, q: '' })
    expect(body.result).toMatchObject({ count: 3, results: [] })
  })

  it('answers a body that is not an object as CKAN does, without a crash', async () => {
    const response = await handler(new Request(`${ORIGIN}/api/action/package_search`, { method: 'POST', body: '[1]' }))
    expect(response.status).toBe(409)
  })
})

describe('resource_show', () => {
  it('gives the dataset as package_id', async () => {
    expect((await call('resource_show', { id: 'sites' })).body.result).toMatchObject({ name: 'Sites', package_id: 'rivers-2024' })
    expect((await call('resource_show', { id: 'weather' })).body.result).toMatchObject({ name: 'weather', package_id: 'weather' })
  })
})
