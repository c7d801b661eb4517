// The builder owns the request: one QueryState in, the exact HTTP request out. The fetch, the request
// panel and every snippet are made from its result, so they cannot disagree.
import { DEMO_BASE_URL } from './defaults.ts'
import { mergeFilterClauses } from './normalize.ts'
import type { FilterClause, QueryState, SortKey } from './types.ts'

export interface HttpRequestSpec {
  method: 'GET' | 'POST'
  url: string
  /** In sending order; names as written on the wire. */
  headers: [name: string, value: string][]
  /** JSON text (POST only). */
  body?: string
}

export interface BuildOptions {
  /** Sent raw as `Authorization` (no `Bearer`), only when non-empty. */
  token?: string
  /** Parameters the query model does not hold (e.g. `distinct`), sent after the query's own; a name given here replaces the query's. */
  extra?: readonly (readonly [name: string, value: string | number | boolean])[]
  /** The server is known to accept `records_format: "lists"`: pages over LISTS_ABOVE_RECORDS ask for it. */
  listsAccepted?: boolean
  /** Ask for this records format whatever the page size (the probe's check). */
  recordsFormat?: 'lists'
  /** The page alone, `include_total: false`: its total is asked for apart, so the records never wait for a count. */
  withoutTotal?: boolean
}

/** Pages of more records than this travel as lists where the server accepts them (about half the bytes). */
export const LISTS_ABOVE_RECORDS = 1000

/** The records format a query asks for: `lists` for a big page to a server known to accept it. */
export function recordsFormatFor(query: QueryState, options: BuildOptions): 'lists' | undefined {
  if (options.recordsFormat) return options.recordsFormat
  return options.listsAccepted && query.limit !== undefined && query.limit > LISTS_ABOVE_RECORDS ? 'lists' : undefined
}

export const ACTION_PATH = '/api/action/datastore_search'
export const SQL_ACTION = 'datastore_search_sql'
export const TOKEN_PLACEHOLDER = '<API_TOKEN>'
const AUTHORIZATION = 'Authorization'

/** The address of `datastore_search` under a base URL (trailing slashes on the base are ignored). */
export function actionUrl(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '') + ACTION_PATH
}

/** The address of any action under a base URL, e.g. `resource_show`. */
export function actionAddress(baseUrl: string, action: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/api/action/${action}`
}

/**
 * A read-only action (`resource_show`, `datastore_info`) by GET, its parameters in the query string,
 * `Authorization: <token>` only when a token is given.
 */
export function buildActionRequest(baseUrl: string, action: string, params: Readonly<Record<string, string>>, options: BuildOptions = {}): HttpRequestSpec {
  const token = options.token?.trim()
  const search = Object.entries(params).map(([name, value]) => `${name}=${encodeQueryValue(value)}`).join('&')
  return { method: 'GET', url: `${actionAddress(baseUrl, action)}${search ? `?${search}` : ''}`, headers: token ? [[AUTHORIZATION, token]] : [] }
}

/** The base URL a query talks to: the demo engine's fixed address, or the user's live base URL. */
export function effectiveBaseUrl(query: QueryState): string {
  return query.source === 'demo' ? DEMO_BASE_URL : query.baseUrl.trim()
}

/**
 * POST: JSON body with `resource_id`, then `limit`, `q`, `filters`, `sort`, `offset`, `fields` only
 * when they say something, and `records_format` last when lists are asked for (`recordsFormatFor`).
 * GET: the same parameters in the query string, `filters` as JSON text.
 * Both send `Authorization: <token>` only when a token is given (GET too: a private resource needs it,
 * and without a token the GET stays a simple request with no CORS preflight).
 */
export function buildRequest(query: QueryState, options: BuildOptions = {}): HttpRequestSpec {
  if (query.sql !== undefined) return buildSqlRequest(query.sql, effectiveBaseUrl(query), query.method, options)
  const url = actionUrl(effectiveBaseUrl(query))
  const token = options.token?.trim()
  const auth: [string, string][] = token ? [[AUTHORIZATION, token]] : []
  const extra = options.extra ?? []
  const params = searchParameters(query)
  if (options.withoutTotal) params.push(['include_total', false])
  const format = recordsFormatFor(query, options)
  if (format) params.push(['records_format', format])
  const sent = [...params.filter(([name]) => !extra.some(([other]) => other === name)), ...extra]
  if (query.method === 'GET') {
    const search = sent.flatMap(([name, value]) => getValues(name, value).map((text) => `${name}=${encodeQueryValue(text)}`))
    return { method: 'GET', url: `${url}?${search.join('&')}`, headers: auth }
  }
  return {
    method: 'POST',
    url,
    headers: [['Content-Type', 'application/json'], ...auth],
    body: JSON.stringify(Object.fromEntries(sent)),
  }
}

/**
 * `datastore_search_sql`: POST `{"sql": ...}` as JSON, or GET `?sql=`; the statement is sent exactly as
 * written (CKAN takes it whole), `Authorization: <token>` only when a token is given.
 */
export function buildSqlRequest(sql: string, baseUrl: string, method: 'GET' | 'POST', options: Pick<BuildOptions, 'token'> = {}): HttpRequestSpec {
  const url = actionAddress(baseUrl, SQL_ACTION)
  const token = options.token?.trim()
  const auth: [string, string][] = token ? [[AUTHORIZATION, token]] : []
  if (method === 'GET') return { method, url: `${url}?sql=${encodeQueryValue(sql)}`, headers: auth }
  return { method, url, headers: [['Content-Type', 'application/json'], ...auth], body: JSON.stringify({ sql }) }
}

type JsonParam = string | number | boolean | string[] | Record<string, string | string[]>

/** A query's total alone: its conditions (q, filters), no sort, page or fields; sent with TOTAL_EXTRA. */
export function totalQuery(query: QueryState): QueryState {
  return { ...query, limit: undefined, sort: [], sortOn: 'browser', offset: 0, fields: undefined }
}

/** What a total's request adds: no records, only the count. */
export const TOTAL_EXTRA = [['limit', 0]] as const satisfies BuildOptions['extra']

/** The request for a query's total alone (`limit: 0`). */
export function buildTotalRequest(query: QueryState, options: Pick<BuildOptions, 'token'> = {}): HttpRequestSpec {
  return buildRequest(totalQuery(query), { token: options.token, extra: TOTAL_EXTRA })
}

/** The API parameters the query sends, in a stable order, as JSON values. */
function searchParameters(query: QueryState): [string, JsonParam][] {
  const params: [string, JsonParam][] = [['resource_id', query.resourceId.trim()]]
  if (query.limit !== undefined) params.push(['limit', query.limit])
  if (query.q !== '') params.push(['q', query.q])
  const filters = mergeFilterClauses(query.filters)
  if (filters.length > 0) params.push(['filters', filtersObject(filters)])
  if (query.sortOn === 'server' && query.sort.length > 0) params.push(['sort', sortParameter(query.sort)])
  if (query.offset > 0) params.push(['offset', query.offset])
  if (query.fields && query.fields.length > 0) params.push(['fields', [...query.fields]])
  return params
}

/** One value -> the value, several -> an array (any of them). `fromEntries` keeps `__proto__` a plain key. */
export function filtersObject(filters: FilterClause[]): Record<string, string | string[]> {
  return Object.fromEntries(filters.map(({ field, values }) => [field, values.length === 1 ? values[0] : [...values]]))
}

/** The unique key every sorted request ends with, so ties come back in one order on every page. */
export const TIE_BREAK_FIELD = '_id'

/**
 * The sort as sent: each key (descending ones `nulls last`, as a spreadsheet puts blanks last), then
 * `_id` when no key is `_id` already. PostgreSQL returns ties in no stable order between two requests,
 * so without a unique last key, pages and exports would repeat some records and lose others.
 */
export function sentSortClauses(sort: readonly SortKey[]): string[] {
  const clauses = sort.map(({ field, direction }) => `${quoteSortField(field)} ${direction === 'desc' ? 'desc nulls last' : 'asc'}`)
  return sort.some(({ field }) => field === TIE_BREAK_FIELD) ? clauses : [...clauses, TIE_BREAK_FIELD]
}

/** `"field asc, other desc nulls last, _id"`; an array of clauses when a name holds a comma (CKAN splits strings on commas). */
function sortParameter(sort: SortKey[]): string | string[] {
  const clauses = sentSortClauses(sort)
  return sort.some(({ field }) => field.includes(',')) ? clauses : clauses.join(', ')
}

/** CKAN strips one pair of surrounding double quotes from a sort field; plain identifiers need none. */
export function quoteSortField(field: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(field) ? field : `"${field}"`
}

/** Query-string values of one parameter: strings as they are, arrays repeated, objects as JSON text. */
function getValues(name: string, value: JsonParam): string[] {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return [String(value)]
  if (Array.isArray(value)) {
    // `fields` travels as CKAN's comma string unless a name holds a comma; then as repeated keys.
    return name === 'fields' && !value.some((item) => item.includes(',')) ? [value.join(',')] : value
  }
  return [JSON.stringify(value)]
}

/** Percent-encoding that browsers leave as it is (they would encode a raw `'` in the query themselves). */
function encodeQueryValue(text: string): string {
  return encodeURIComponent(text).replace(/'/g, '%27')
}

/**
 * The request with parameters the query model does not hold (`distinct`, `records_format`) added:
 * into the JSON body of a POST, onto the query string of a GET (objects as JSON text).
 */
export function withExtraParameters(spec: HttpRequestSpec, params: Readonly<Record<string, string | number | boolean>>): HttpRequestSpec {
  if (spec.method === 'POST') {
    const body: unknown = JSON.parse(spec.body ?? '{}')
    return { ...spec, body: JSON.stringify({ ...(body as Record<string, unknown>), ...params }) }
  }
  const extra = Object.entries(params).map(([name, value]) => `${name}=${encodeQueryValue(String(value))}`)
  return { ...spec, url: `${spec.url}${spec.url.includes('?') ? '&' : '?'}${extra.join('&')}` }
}

/** The same request with the token replaced by `<API_TOKEN>`: for display, copying and logs. */
export function redactedRequest(spec: HttpRequestSpec): HttpRequestSpec {
  return {
    ...spec,
    headers: spec.headers.map(([name, value]) => [name, name.toLowerCase() === 'authorization' ? TOKEN_PLACEHOLDER : value]),
  }
}
