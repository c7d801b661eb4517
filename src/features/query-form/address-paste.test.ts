import { describe, expect, it } from 'vitest'
import { defaultQuery } from '../../query/defaults.ts'
import { takeOverCatalogAddress } from './address-paste.ts'
import { queryToDraft, type FormDraft } from './draft.ts'

const draft: FormDraft = { ...queryToDraft(defaultQuery()), source: 'live', baseUrl: 'https://old.example', resourceId: 'abc' }

describe('takeOverCatalogAddress', () => {
  it('a dataset page pasted into either field points the form at its portal and asks to browse that dataset', () => {
    for (const field of ['baseUrl', 'resourceId'] as const) {
      const taken = takeOverCatalogAddress(draft, field, 'https://demo.ckan.org/fr/dataset/bus-stops')
      expect(taken?.browse).toEqual({ baseUrl: 'https://demo.ckan.org/fr', dataset: 'bus-stops' })
      expect(taken?.draft).toMatchObject({ source: 'live', baseUrl: 'https://demo.ckan.org/fr', resourceId: 'abc' })
      expect(taken?.note).toBe('Base URL set to https://demo.ckan.org/fr; browsing dataset bus-stops of https://demo.ckan.org/fr.')
    }
  })

  it('a portal root pasted into Resource ID browses the portal; in Base URL only as an address bar copies it', () => {
    expect(takeOverCatalogAddress(draft, 'resourceId', 'https://demo.ckan.org')?.browse).toEqual({ baseUrl: 'https://demo.ckan.org' })
    // a site address in Base URL is the base URL, as it always was
    expect(takeOverCatalogAddress(draft, 'baseUrl', 'https://demo.ckan.org')).toBeUndefined()
    expect(takeOverCatalogAddress(draft, 'baseUrl', 'https://demo.ckan.org/')?.browse).toEqual({ baseUrl: 'https://demo.ckan.org' })
    expect(takeOverCatalogAddress(draft, 'baseUrl', 'https://demo.ckan.org/dataset?q=buses')?.browse).toEqual({ baseUrl: 'https://demo.ckan.org', q: 'buses' })
  })

  it('switches demo to Live API and says so', () => {
    const taken = takeOverCatalogAddress({ ...draft, source: 'demo' }, 'resourceId', 'https://demo.ckan.org/')
    expect(taken?.draft.source).toBe('live')
    expect(taken?.note).toMatch(/Switched the source to Live API\.$/)
  })

  it('typing, one character at a time, never opens it', () => {
    let current: FormDraft = { ...draft, baseUrl: '' }
    for (const character of 'https://demo.ckan.org/dataset/x/') {
      const next = current.baseUrl + character
      expect(takeOverCatalogAddress(current, 'baseUrl', next)).toBeUndefined()
      current = { ...current, baseUrl: next }
    }
    // nor does deleting back over one
    expect(takeOverCatalogAddress(current, 'baseUrl', 'https://demo.ckan.org/')).toBeUndefined()
  })

  it('leaves resource pages and API addresses to the address reader', () => {
    expect(takeOverCatalogAddress(draft, 'resourceId', 'https://demo.ckan.org/dataset/x/resource/5b3c2a1e-9f0d-4c8b-a7e6-1d2c3b4a5f60')).toBeUndefined()
    expect(takeOverCatalogAddress(draft, 'resourceId', 'some-resource-id')).toBeUndefined()
  })
})
