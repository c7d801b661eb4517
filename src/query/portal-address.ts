// Portal addresses as users copy them: a resource page (`{site}[/<lang>]/dataset/<name>/resource/<id>`,
// with or without a `/view/...` tail), a DataStore dump link (`{site}/datastore/dump/<id>`) or an API
// address from a portal's "Data API" box (`{site}/api[/3]/action/datastore_search?resource_id=...`).
// One pure reader turns each into the base URL, the resource id and the query parameters it carries.
import type { FilterClause, QueryState, SortKey } from './types.ts'
import { SECRET_NAME } from './url-codec.ts'
import { formatCount } from './locale-format.ts'

export type AddressKind = 'resource-page' | 'dump-link' | 'api-address'

/** Query parameters an API address carried that the form can hold. */
export interface AddressParams {
  q?: string
  filters?: FilterClause[]
  limit?: number
  offset?: number
  sort?: SortKey[]
  fields?: string[]
}

export interface AddressSkip {
  param: string
  reason: string
}

export interface PortalAddress {
  kind: AddressKind
  /** Origin plus the path before `/dataset`, `/datastore` or `/api`, no trailing slash. */
  baseUrl: string
  /** Absent when an API address names no resource. */
  resourceId?: string
  /** The action an API address calls (`datastore_search`, ...). */
  action?: string
  params: AddressParams
  /** Parameters left out, with why. */
  skipped: AddressSkip[]
}

/** The actions whose address is recognised (and so trimmed to a base URL) as soon as it is complete. */
export const ADDRESS_ACTIONS = ['datastore_search', 'datastore_info', 'resource_show'] as const

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const MAX_ADDRESS_CHARS = 20_000
const MAX_VALUE_CHARS = 2_000
/** CKAN parameters the explorer knows but does not set from an address. */
const NOT_TAKEN: Readonly<Record<string, string>> = {
  include_total: 'the explorer always asks for the total',
  records_format: 'the explorer chooses the answer’s format itself',
  distinct: 'the form has no distinct option',
  full_text: 'the form has no full-text option; use the search text',
  plain: 'a full-text search option the form does not set',
  language: 'a full-text search option the form does not set',
  total_estimation_threshold: 'the form has no estimation option',
  include_next_page: 'the explorer pages by offset',
  callback: 'JSONP is never used',
}

/**
 * Reads a portal address, or returns `undefined` when the text is not one (a plain base URL, a bare
 * id, anything that is not an http(s) address). Never throws.
 */
export function parsePortalAddress(input: string): PortalAddress | undefined {
  const text = unwrap(input)
  if (text.length === 0 || text.length > MAX_ADDRESS_CHARS || !/^https?:\/\//i.test(text)) return undefined
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return undefined
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return undefined
  const segments = url.pathname.split('/').filter(Boolean).map(decodeSegment)
  const baseOf = (end: number) => url.origin + segments.slice(0, end).map(encodeURIComponent).join('/').replace(/^(?=.)/, '/')

  const api = apiAction(segments)
  if (api) return readApiAddress(baseOf(api.at), api.action, url.searchParams)

  for (let at = 0; at + 3 < segments.length; at++) {
    if (segments[at] === 'dataset' && (segments[at + 2] === 'resource' || segments[at + 2] === 'resource_data') && UUID.test(segments[at + 3])) {
      return { kind: 'resource-page', baseUrl: baseOf(at), resourceId: segments[at + 3].toLowerCase(), params: {}, skipped: [] }
    }
  }
  for (let at = 0; at + 2 < segments.length; at++) {
    if (segments[at] === 'datastore' && segments[at + 1] === 'dump' && UUID.test(segments[at + 2])) {
      return { kind: 'dump-link', baseUrl: baseOf(at), resourceId: segments[at + 2].toLowerCase(), params: {}, skipped: [] }
    }
  }
  return undefined
}

/** A portal's catalog named by an address: its root (or dataset list, with its search words) or one dataset's page. */
export interface CatalogAddress {
  kind: 'portal-root' | 'dataset-page'
  /** Origin plus the path before `/dataset` (or the root's whole path), no trailing slash. */
  baseUrl: string
  /** The dataset's name or id, for a dataset page. */
  dataset?: string
  /** The search words of a dataset list address (`/dataset?q=...`). */
  q?: string
  /** The address ends with `/`, as a browser's address bar copies a site's root. */
  trailingSlash: boolean
}

/**
 * Reads a portal's root address (`https://demo.ckan.org/`), its dataset list (`{site}[/<lang>]/dataset`,
 * `?q=` kept) or a dataset page (`{site}[/<lang>]/dataset/<name>`); `undefined` for anything else,
 * including what `parsePortalAddress` reads (a resource page, a download or API address). Never throws.
 */
export function parseCatalogAddress(input: string): CatalogAddress | undefined {
  const text = unwrap(input)
  if (text.length === 0 || text.length > MAX_ADDRESS_CHARS || !/^https?:\/\//i.test(text) || parsePortalAddress(text)) return undefined
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return undefined
  }
  if (url.username || url.password) return undefined
  const segments = url.pathname.split('/').filter(Boolean).map(decodeSegment)
  const baseOf = (end: number) => url.origin + segments.slice(0, end).map(encodeURIComponent).join('/').replace(/^(?=.)/, '/')
  // the text, not the URL: `new URL` gives a bare origin the path `/`
  const trailingSlash = /^[^?#]*\/$/.test(text)
  const at = segments.lastIndexOf('dataset')
  if (at !== -1 && at === segments.length - 1) {
    const q = url.searchParams.get('q')?.trim()
    return { kind: 'portal-root', baseUrl: baseOf(at), ...(q ? { q: q.slice(0, MAX_VALUE_CHARS) } : {}), trailingSlash }
  }
  if (at !== -1 && at === segments.length - 2 && !['new', 'edit'].includes(segments[at + 1] as string)) {
    return { kind: 'dataset-page', baseUrl: baseOf(at), dataset: segments[at + 1] as string, trailingSlash }
  }
  // `/api`, `/api/3` or `/api/3/action` after the site: the site is the portal
  const api = segments.indexOf('api')
  const end = api !== -1 && segments.slice(api + 1).every((segment) => /^\d+$|^action$/.test(segment)) ? api : segments.length
  if (at !== -1 || url.search !== '') return undefined
  return { kind: 'portal-root', baseUrl: baseOf(end), trailingSlash }
}

/** `{base}/api[/<version>]/action/<name>` at the end of the path: where `api` is and the action. */
function apiAction(segments: readonly string[]): { at: number; action: string } | undefined {
  const action = segments.at(-1)
  if (action === undefined || !(ADDRESS_ACTIONS as readonly string[]).includes(action) || segments.at(-2) !== 'action') return undefined
  const at = /^\d+$/.test(segments.at(-3) ?? '') ? segments.length - 4 : segments.length - 3
  return segments[at] === 'api' ? { at, action } : undefined
}

function readApiAddress(baseUrl: string, action: string, search: URLSearchParams): PortalAddress {
  const params: AddressParams = {}
  const skipped: AddressSkip[] = []
  const skip = (param: string, reason: string) => skipped.push({ param: param.length > 40 ? `${param.slice(0, 39)}…` : param, reason })
  let resourceId: string | undefined
  const names = [...new Set(search.keys())]
  for (const name of names) {
    const values = search.getAll(name)
    const value = values[0]
    if (SECRET_NAME.test(name)) {
      skip(name, 'looks like a credential; enter tokens in the API token field')
      continue
    }
    if (values.some((item) => item.length > MAX_VALUE_CHARS)) {
      skip(name, `longer than ${formatCount(MAX_VALUE_CHARS)} characters`)
      continue
    }
    if (name === 'resource_id' || name === 'id') {
      if (value.trim() !== '') resourceId = value.trim()
      continue
    }
    if (action !== 'datastore_search') {
      skip(name, `not a parameter of ${action}`)
      continue
    }
    const problem = takeParam(name, values, params)
    if (problem) skip(name, problem)
  }
  return { kind: 'api-address', baseUrl, action, ...(resourceId ? { resourceId } : {}), params, skipped }
}

/** Applies one `datastore_search` parameter to `params`, or says why it cannot. */
function takeParam(name: string, values: string[], params: AddressParams): string | undefined {
  const value = values[0]
  switch (name) {
    case 'q':
      if (/^\s*\{/.test(value) && isJsonObject(value)) return 'a per-field search (q as an object) has no place in the form; use filters'
      params.q = value
      return undefined
    case 'filters': {
      const filters = readFilters(value)
      if (typeof filters === 'string') return filters
      params.filters = filters
      return undefined
    }
    case 'limit':
    case 'offset':
      if (!/^\s*\d{1,9}\s*$/.test(value)) return `the ${name} must be a whole number, 0 or more`
      params[name] = Number(value)
      return undefined
    case 'sort': {
      const sort = values.flatMap(readSort)
      if (sort.length === 0) return 'no field to sort by'
      params.sort = sort
      return undefined
    }
    case 'fields': {
      const fields = values.flatMap((item) => item.split(',')).map((item) => item.trim()).filter(Boolean)
      if (fields.length === 0) return 'no field named'
      params.fields = [...new Set(fields)]
      return undefined
    }
    default:
      return NOT_TAKEN[name] ?? 'not a datastore_search parameter'
  }
}

function readFilters(text: string): FilterClause[] | string {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return 'not valid JSON'
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return 'not a JSON object of field → value'
  const clauses: FilterClause[] = []
  for (const [field, raw] of Object.entries(parsed)) {
    const values = (Array.isArray(raw) ? raw : [raw]).filter((item) => typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean').map(String)
    if (field === '' || values.length === 0) return `the filter on “${field}” has no value the form can hold`
    clauses.push({ field, values: [...new Set(values)] })
  }
  return clauses
}

/** CKAN's sort text: `"a asc, b desc"`; a field name in double quotes may hold spaces or commas. */
function readSort(text: string): SortKey[] {
  const clauses = text.match(/(?:"(?:[^"]|"")*"|[^,"])+/g) ?? []
  return clauses.flatMap((clause): SortKey[] => {
    const match = /^\s*("(?:[^"]|"")*"|.+?)(?:\s+(asc|desc))?(?:\s+nulls\s+(?:first|last))?\s*$/i.exec(clause)
    if (!match) return []
    const raw = match[1].trim()
    const field = raw.length > 1 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw
    return field === '' ? [] : [{ field, direction: match[2]?.toLowerCase() === 'desc' ? 'desc' : 'asc' }]
  })
}

function isJsonObject(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text)
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
  } catch {
    return false
  }
}

/** Strips what a copy often brings along: spaces, quotes, angle brackets. */
function unwrap(input: string): string {
  return input.trim().replace(/^(["'<])(.*)(["'>])$/s, (whole, open: string, inner: string, close: string) => ({ '"': '"', "'": "'", '<': '>' })[open] === close ? inner.trim() : whole)
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** The parts of a query that taking over an address sets; `limit` only when the address gives one. */
export type AddressQueryParts = Pick<QueryState, 'source' | 'baseUrl' | 'q' | 'filters' | 'offset' | 'sort' | 'sortOn' | 'fields'> & {
  resourceId: string
  limit?: number
}

/**
 * What the query becomes when `address` is pasted over `current`. An API address of
 * `datastore_search` is the whole query (what it does not carry is cleared); another address names a
 * resource, and a different resource starts from a clean search.
 */
export function addressQueryParts(address: PortalAddress, current: Pick<QueryState, 'resourceId' | 'q' | 'filters' | 'offset' | 'sort' | 'sortOn' | 'fields'>): AddressQueryParts {
  const resourceId = address.resourceId ?? current.resourceId
  const base = { source: 'live' as const, baseUrl: address.baseUrl, resourceId }
  if (address.kind === 'api-address' && address.action === 'datastore_search') {
    const { q = '', filters = [], offset = 0, sort = [], fields, limit } = address.params
    return { ...base, q, filters, offset, sort, sortOn: sort.length > 0 ? 'server' : current.sortOn, fields, ...(limit === undefined ? {} : { limit }) }
  }
  const keep = resourceId === current.resourceId.trim()
  return {
    ...base,
    q: keep ? current.q : '',
    filters: keep ? current.filters : [],
    offset: keep ? current.offset : 0,
    sort: keep ? current.sort : [],
    sortOn: current.sortOn,
    fields: keep ? current.fields : undefined,
  }
}

const KIND_NAMES: Record<AddressKind, string> = {
  'resource-page': 'resource page address',
  'dump-link': 'download address',
  'api-address': 'API address',
}

/** One line saying what was taken from the address (and what was not). */
export function describeTakenAddress(address: PortalAddress): string {
  const taken = [`base URL ${address.baseUrl}`]
  if (address.resourceId) taken.push(`resource ${address.resourceId}`)
  const { q, filters, limit, offset, sort, fields } = address.params
  if (q) taken.push('search text')
  if (filters) taken.push(filters.length === 1 ? 'a filter' : `${filters.length} filters`)
  if (limit !== undefined) taken.push(`limit ${limit}`)
  if (offset !== undefined) taken.push(`offset ${offset}`)
  if (sort) taken.push('sort')
  if (fields) taken.push(fields.length === 1 ? '1 column' : `${fields.length} columns`)
  const missing = address.resourceId ? '' : ' It names no resource: enter its ID.'
  const skipped = address.skipped.length > 0 ? ` Not taken: ${address.skipped.map(({ param, reason }) => `${param} (${reason})`).join(', ')}.` : ''
  return `Filled in from the pasted ${KIND_NAMES[address.kind]}: ${joinList(taken)}.${missing}${skipped}`
}

function joinList(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}
