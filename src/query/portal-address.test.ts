import { describe, expect, it } from 'vitest'
import { assert, oneof, property, string, webUrl } from 'fast-check'
import { defaultQuery } from './defaults.ts'
import { addressQueryParts, describeTakenAddress, parseCatalogAddress, parsePortalAddress } from './portal-address.ts'

const ID = '5b3c2a1e-9f0d-4c8b-a7e6-1d2c3b4a5f60'
const VIEW = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'

describe('parsePortalAddress: resource pages', () => {
  it.each([
    [`https://demo.ckan.org/dataset/sample/resource/${ID}`, 'https://demo.ckan.org'],
    [`https://demo.ckan.org/dataset/sample/resource/${ID}/`, 'https://demo.ckan.org'],
    [`https://demo.ckan.org/fr/dataset/sample/resource/${ID}`, 'https://demo.ckan.org/fr'],
    [`https://open.canada.ca/data/en/dataset/0b3f0a82-2a46-4d07-9e07-6ad2c0b0b1e4/resource/${ID}`, 'https://open.canada.ca/data/en'],
    [`https://data.gov.au/data/dataset/water-quality/resource/${ID}/view/${VIEW}`, 'https://data.gov.au/data'],
    [`https://data.gov.au/data/dataset/water-quality/resource/${ID}?inner_span=True`, 'https://data.gov.au/data'],
    [`http://127.0.0.1:8800/data/dataset/x/resource/${ID.toUpperCase()}#top`, 'http://127.0.0.1:8800/data'],
    [`https://portal.example/dataset/x/resource/${ID}/download/file.csv`, 'https://portal.example'],
    [`https://portal.example/dataset/x/resource_data/${ID}`, 'https://portal.example'],
  ])('%s', (address, baseUrl) => {
    expect(parsePortalAddress(address)).toEqual({ kind: 'resource-page', baseUrl, resourceId: ID, params: {}, skipped: [] })
  })

  it('reads a DataStore dump link too', () => {
    expect(parsePortalAddress(`https://demo.ckan.org/datastore/dump/${ID}?format=csv`)).toMatchObject({ kind: 'dump-link', baseUrl: 'https://demo.ckan.org', resourceId: ID })
  })

  it('takes what a copy brings along off: spaces, quotes, angle brackets', () => {
    for (const wrapped of [`  https://demo.ckan.org/dataset/s/resource/${ID}\n`, `"https://demo.ckan.org/dataset/s/resource/${ID}"`, `<https://demo.ckan.org/dataset/s/resource/${ID}>`]) {
      expect(parsePortalAddress(wrapped)?.resourceId).toBe(ID)
    }
  })
})

describe('parsePortalAddress: API addresses', () => {
  it('reads a Data API box address with every parameter the form holds', () => {
    const filters = encodeURIComponent(JSON.stringify({ stage: ['active', 'draft'], year: 2024 }))
    const address = `https://open.canada.ca/data/en/api/3/action/datastore_search?resource_id=${ID}&q=water+quality&filters=${filters}&limit=5&offset=10&sort=year%20desc,%22site%20name%22&fields=site,year`
    expect(parsePortalAddress(address)).toEqual({
      kind: 'api-address',
      baseUrl: 'https://open.canada.ca/data/en',
      action: 'datastore_search',
      resourceId: ID,
      params: {
        q: 'water quality',
        filters: [{ field: 'stage', values: ['active', 'draft'] }, { field: 'year', values: ['2024'] }],
        limit: 5,
        offset: 10,
        sort: [{ field: 'year', direction: 'desc' }, { field: 'site name', direction: 'asc' }],
        fields: ['site', 'year'],
      },
      skipped: [],
    })
  })

  it.each([
    [`https://demo.ckan.org/api/action/datastore_search?resource_id=${ID}`, 'https://demo.ckan.org'],
    [`https://demo.ckan.org/api/3/action/datastore_search?id=${ID}`, 'https://demo.ckan.org'],
    [`https://data.gov.au/data/api/3/action/datastore_search/?resource_id=${ID}&limit=5`, 'https://data.gov.au/data'],
    [`https://demo.ckan.org/api/3/action/resource_show?id=${ID}`, 'https://demo.ckan.org'],
    [`https://demo.ckan.org/api/3/action/datastore_info?id=${ID}`, 'https://demo.ckan.org'],
  ])('%s', (address, baseUrl) => {
    expect(parsePortalAddress(address)).toMatchObject({ kind: 'api-address', baseUrl, resourceId: ID })
  })

  it('trims an action address without a resource to its base URL', () => {
    expect(parsePortalAddress('https://demo.ckan.org/api/3/action/datastore_search')).toEqual({
      kind: 'api-address', baseUrl: 'https://demo.ckan.org', action: 'datastore_search', params: {}, skipped: [],
    })
  })

  it('names what it leaves out, and never takes a credential', () => {
    const address = parsePortalAddress(`https://demo.ckan.org/api/3/action/datastore_search?resource_id=${ID}&api_key=s3cret&records_format=lists&limit=-1&filters=%5B1%5D&q=%7B%22a%22%3A%22b%22%7D&sort=&evil=1`)
    expect(address?.skipped.map((skip) => skip.param)).toEqual(['api_key', 'records_format', 'limit', 'filters', 'q', 'sort', 'evil'])
    expect(JSON.stringify(address)).not.toContain('s3cret')
    expect(address?.params).toEqual({})
  })

  it('keeps only scalar filter values and says when a filter has none', () => {
    const filters = encodeURIComponent(JSON.stringify({ stage: [{ x: 1 }] }))
    expect(parsePortalAddress(`https://demo.ckan.org/api/action/datastore_search?resource_id=${ID}&filters=${filters}`)?.skipped).toEqual([
      { param: 'filters', reason: 'the filter on “stage” has no value the form can hold' },
    ])
  })
})

describe('parsePortalAddress: not an address', () => {
  it.each([
    ['', 'empty'],
    [ID, 'a bare id'],
    ['https://demo.ckan.org', 'a base URL'],
    ['http://127.0.0.1:8800/data', 'a base URL with a path'],
    ['https://demo.ckan.org/dataset/sample', 'a dataset page'],
    ['https://demo.ckan.org/dataset/sample/resource/not-a-uuid', 'a resource page without a UUID'],
    ['https://demo.ckan.org/api/3/action/package_show?id=x', 'another action'],
    ['https://demo.ckan.org/api/3/action/datastore_se', 'an action name half typed'],
    [`javascript:alert(1)//dataset/x/resource/${ID}`, 'a script address'],
    [`data:text/html,/dataset/x/resource/${ID}`, 'a data address'],
    [`https://user:pw@demo.ckan.org/dataset/x/resource/${ID}`, 'an address with a password'],
    [`https://demo.ckan.org/dataset/x/resource/${ID}`.padEnd(30_000, 'x'), 'something enormous'],
  ])('%s (%s)', (text) => {
    expect(parsePortalAddress(text)).toBeUndefined()
  })

  it('never throws, whatever it is given', () => {
    const anything = oneof(string(), webUrl({ withQueryParameters: true, withFragments: true }))
    expect(() => assert(property(anything, (text) => {
      const address = parsePortalAddress(text)
      return address === undefined || /^https?:\/\//.test(address.baseUrl)
    }))).not.toThrow()
  })
})

describe('addressQueryParts', () => {
  const current = { ...defaultQuery(), resourceId: ID, q: 'old', filters: [{ field: 'a', values: ['b'] }], offset: 20, fields: ['a'] }

  it('makes an API address the whole query, clearing what it does not carry', () => {
    const address = parsePortalAddress(`https://demo.ckan.org/api/action/datastore_search?resource_id=${VIEW}&sort=year+desc`)
    if (!address) throw new Error('not read')
    expect(addressQueryParts(address, current)).toEqual({
      source: 'live', baseUrl: 'https://demo.ckan.org', resourceId: VIEW, q: '', filters: [], offset: 0,
      sort: [{ field: 'year', direction: 'desc' }], sortOn: 'server', fields: undefined,
    })
  })

  it('keeps the search for the same resource and clears it for another one', () => {
    const same = parsePortalAddress(`https://demo.ckan.org/dataset/x/resource/${ID}`)
    const other = parsePortalAddress(`https://demo.ckan.org/dataset/x/resource/${VIEW}`)
    if (!same || !other) throw new Error('not read')
    expect(addressQueryParts(same, current)).toMatchObject({ q: 'old', offset: 20, fields: ['a'] })
    expect(addressQueryParts(other, current)).toMatchObject({ resourceId: VIEW, q: '', filters: [], offset: 0, fields: undefined })
  })
})

describe('describeTakenAddress', () => {
  it('says in one line what was filled in and what was not taken', () => {
    const address = parsePortalAddress(`https://demo.ckan.org/api/3/action/datastore_search?resource_id=${ID}&q=x&limit=5&distinct=true`)
    if (!address) throw new Error('not read')
    expect(describeTakenAddress(address)).toBe(
      `Filled in from the pasted API address: base URL https://demo.ckan.org, resource ${ID}, search text and limit 5. Not taken: distinct (the form has no distinct option).`,
    )
  })

  it('asks for the resource when the address names none', () => {
    const address = parsePortalAddress('https://demo.ckan.org/api/3/action/datastore_search')
    if (!address) throw new Error('not read')
    expect(describeTakenAddress(address)).toBe('Filled in from the pasted API address: base URL https://demo.ckan.org. It names no resource: enter its ID.')
  })
})

describe('parseCatalogAddress: portal roots and dataset pages', () => {
  it.each([
    ['https://demo.ckan.org/', { kind: 'portal-root', baseUrl: 'https://demo.ckan.org', trailingSlash: true }],
    ['https://demo.ckan.org', { kind: 'portal-root', baseUrl: 'https://demo.ckan.org', trailingSlash: false }],
    ['https://open.canada.ca/data/en/', { kind: 'portal-root', baseUrl: 'https://open.canada.ca/data/en', trailingSlash: true }],
    ['https://demo.ckan.org/api/3/action/', { kind: 'portal-root', baseUrl: 'https://demo.ckan.org', trailingSlash: true }],
    ['https://demo.ckan.org/dataset/', { kind: 'portal-root', baseUrl: 'https://demo.ckan.org', trailingSlash: true }],
    ['https://data.gov.au/data/dataset?q=water+quality&sort=score+desc', { kind: 'portal-root', baseUrl: 'https://data.gov.au/data', q: 'water quality', trailingSlash: false }],
    ['https://demo.ckan.org/dataset/sample-dataset-1', { kind: 'dataset-page', baseUrl: 'https://demo.ckan.org', dataset: 'sample-dataset-1', trailingSlash: false }],
    ['https://open.canada.ca/data/fr/dataset/0b3f0a82-2a46-4d07-9e07-6ad2c0b0b1e4/', { kind: 'dataset-page', baseUrl: 'https://open.canada.ca/data/fr', dataset: '0b3f0a82-2a46-4d07-9e07-6ad2c0b0b1e4', trailingSlash: true }],
    [' <http://127.0.0.1:8800/data/dataset/r%C3%A9seau> ', { kind: 'dataset-page', baseUrl: 'http://127.0.0.1:8800/data', dataset: 'réseau', trailingSlash: false }],
  ])('%s', (address, expected) => {
    expect(parseCatalogAddress(address)).toEqual(expected)
  })

  it.each([
    [`https://demo.ckan.org/dataset/sample/resource/${ID}`, 'a resource page (parsePortalAddress reads it)'],
    [`https://demo.ckan.org/api/3/action/datastore_search?resource_id=${ID}`, 'an API address'],
    ['https://demo.ckan.org/dataset/new', 'the form for a new dataset'],
    ['https://demo.ckan.org/dataset/x/groups', 'a page under a dataset'],
    ['https://demo.ckan.org/about?x=1', 'a page with parameters'],
    ['ftp://demo.ckan.org/', 'not http(s)'],
    ['https://user:pw@demo.ckan.org/', 'credentials in the address'],
    ['demo.ckan.org', 'no scheme'],
    [ID, 'a bare id'],
  ])('not %s: %s', (address) => {
    expect(parseCatalogAddress(address)).toBeUndefined()
  })

  it('never throws', () => {
    assert(property(oneof(string(), webUrl({ withQueryParameters: true, withFragments: true })), (text) => {
      parseCatalogAddress(text)
    }))
  })
})
