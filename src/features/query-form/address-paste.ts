// A portal address typed or pasted into Base URL or Resource ID fills in the form from what it says.
import { addressQueryParts, describeTakenAddress, parseCatalogAddress, parsePortalAddress } from '../../query/portal-address.ts'
import { draftToQuery, type FormDraft } from './draft.ts'

export interface TakenAddress {
  draft: FormDraft
  /** One line saying what was filled in. */
  note: string
}

/** The draft `text` makes when it is a portal address, or `undefined` when it is not one. */
export function takeOverAddress(draft: FormDraft, text: string): TakenAddress | undefined {
  const address = parsePortalAddress(text)
  if (!address) return undefined
  const { limit, ...parts } = addressQueryParts(address, draftToQuery(draft))
  const switched = draft.source === 'live' ? '' : ' Switched the source to Live API.'
  return {
    draft: { ...draft, ...parts, limit: limit === undefined ? draft.limit : String(limit) },
    note: describeTakenAddress(address) + switched,
  }
}

/** Where the Browse datasets dialog should open: a portal (with search words) or one of its datasets. */
export interface BrowseRequest {
  baseUrl: string
  dataset?: string
  q?: string
}

export interface TakenCatalogAddress {
  draft: FormDraft
  browse: BrowseRequest
  note: string
}

/**
 * When `text`, arriving at once in `field` (pasted, dropped, picked: not typed a character at a time),
 * names a portal's catalog: the draft pointing at that portal (the field keeps its value otherwise) and
 * where to open Browse. In Base URL a bare site address is just a base URL; only the root as an
 * address bar copies it (`https://demo.ckan.org/`), a dataset list or a dataset page opens Browse.
 */
export function takeOverCatalogAddress(draft: FormDraft, field: 'baseUrl' | 'resourceId', text: string): TakenCatalogAddress | undefined {
  const previous = draft[field]
  const growth = text.length - previous.length
  const atOnce = growth > 1 || (growth <= 0 && !previous.startsWith(text))
  if (!atOnce) return undefined
  const address = parseCatalogAddress(text)
  if (!address) return undefined
  if (field === 'baseUrl' && address.kind === 'portal-root' && !address.trailingSlash && address.q === undefined && !/\/dataset\/?$/.test(text.trim().split(/[?#]/)[0] ?? '')) return undefined
  const browse: BrowseRequest = { baseUrl: address.baseUrl, ...(address.dataset ? { dataset: address.dataset } : {}), ...(address.q ? { q: address.q } : {}) }
  const switched = draft.source === 'live' ? '' : ' Switched the source to Live API.'
  const what = address.dataset ? `dataset ${address.dataset} of ${address.baseUrl}` : `the datasets of ${address.baseUrl}`
  return {
    draft: { ...draft, source: 'live', baseUrl: address.baseUrl },
    browse,
    note: `Base URL set to ${address.baseUrl}; browsing ${what}.${switched}`,
  }
}
