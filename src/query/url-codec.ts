// The query link: QueryState <-> readable URL query parameters. The codec owns the URL.
//
// Scheme (defaults are left out; parameters always come in this order):
//   source=live                      (default demo)
//   base=http://host/data            live base URL, http(s) only
//   resource=<id>
//   method=GET                       (default POST)
//   limit=25 | limit=none            `none`: no limit sent, the server's default applies
//   q=<text>
//   filter.<field>=<value>           repeated; values of one field are any-of, fields all-of
//   sort=<field> asc|desc            repeated, in priority order; the direction is always written
//   sort_on=server                   (default browser)
//   offset=200
//   fields=<name>                    repeated, in column order
//   sql=<statement>                  the query is this SQL statement (datastore_search_sql)
//   group=, measure=, group_top=     the grouping (grouping.ts owns their form), after the query's own
//   pin=<name>                       repeated, columns pinned at the start in pin order
//   width=<name> <px>                repeated, only the columns the user resized (the last word is the width)
// Field names and values may hold any character: each is percent-encoded as a whole.
import { DEFAULT_QUERY } from './defaults.ts'
import { decodeGrouping, encodeGrouping, GROUPING_PARAMS, type Grouping } from './grouping.ts'
import { normalizeQuery, toWellFormed } from './normalize.ts'
import type { FilterClause, QueryState, SortKey } from './types.ts'
import { formatCount } from './locale-format.ts'

export const LINK_LIMITS = Object.freeze({
  totalChars: 100_000,
  valueChars: 2_000,
  filterValues: 100,
  /** An SQL statement may be longer than any other value. */
  sqlChars: 20_000,
  sortKeys: 20,
  fields: 500,
  /** Notes listed one by one; the rest are counted in one last note. */
  notes: 20,
})

export interface IgnoredParam {
  /** The parameter's name as it appeared (shortened when long). */
  param: string
  /** Why it was left out, in plain words. */
  reason: string
}

export interface DecodedLink {
  query: QueryState
  ignored: IgnoredParam[]
  /** The `Group by` panel's grouping, when the link holds one. */
  grouping?: Grouping
}

const FILTER_PREFIX = 'filter.'
const NO_LIMIT = 'none'
/** A parameter name that looks like a credential: never taken from a link or a pasted address. */
export const SECRET_NAME = /token|api[-_.]?key|apikey|auth|secret|passw|credential|session|bearer|cookie/i

/** The canonical query string, without the leading `?`. Equal queries give equal strings. */
export function encodeQuery(query: QueryState): string {
  const q = normalizeQuery(query)
  const pairs: [string, string][] = []
  if (q.source !== DEFAULT_QUERY.source) pairs.push(['source', q.source])
  if (q.baseUrl !== DEFAULT_QUERY.baseUrl) pairs.push(['base', q.baseUrl])
  if (q.resourceId !== DEFAULT_QUERY.resourceId) pairs.push(['resource', q.resourceId])
  if (q.method !== DEFAULT_QUERY.method) pairs.push(['method', q.method])
  if (q.limit !== DEFAULT_QUERY.limit) pairs.push(['limit', q.limit === undefined ? NO_LIMIT : String(q.limit)])
  if (q.q !== DEFAULT_QUERY.q) pairs.push(['q', q.q])
  for (const clause of q.filters) {
    for (const value of clause.values) pairs.push([FILTER_PREFIX + clause.field, value])
  }
  for (const key of q.sort) pairs.push(['sort', `${key.field} ${key.direction}`])
  if (q.sortOn !== DEFAULT_QUERY.sortOn) pairs.push(['sort_on', q.sortOn])
  if (q.offset !== DEFAULT_QUERY.offset) pairs.push(['offset', String(q.offset)])
  for (const name of q.fields ?? []) pairs.push(['fields', name])
  for (const name of q.pinned ?? []) pairs.push(['pin', name])
  for (const [name, px] of Object.entries(q.widths ?? {})) pairs.push(['width', `${name} ${px}`])
  if (q.sql !== undefined) pairs.push(['sql', q.sql])
  return pairs.map(([name, value]) => `${encodePart(name)}=${encodePart(value)}`).join('&')
}

/** The page's link: the query's string, then the grouping's parameters when there is one. */
export function encodeLink(query: QueryState, grouping: Grouping | undefined): string {
  const extra = encodeGrouping(grouping).map(([name, value]) => `${encodePart(name)}=${encodePart(value)}`)
  return [encodeQuery(query), ...extra].filter((part) => part !== '').join('&')
}

/** Percent-encodes one name or value, leaving `:`, `/`, `,` and `@` readable; spaces become `+`. */
function encodePart(text: string): string {
  return encodeURIComponent(toWellFormed(text))
    .replace(/%20/g, '+')
    .replace(/%3A/g, ':')
    .replace(/%2F/g, '/')
    .replace(/%2C/g, ',')
    .replace(/%40/g, '@')
}

/**
 * Reads a link's query string (with or without `?`). Never throws: what cannot be used is listed in
 * `ignored` with the reason, and everything else is kept.
 */
export function decodeQuery(search: string): DecodedLink {
  const ignored: IgnoredParam[] = []
  const query: QueryState = { ...DEFAULT_QUERY, filters: [], sort: [] }
  const filters: FilterClause[] = []
  const sort: SortKey[] = []
  const fields: string[] = []
  const pinned: string[] = []
  const widths: [string, number][] = []
  const seen = new Set<string>()
  const groupingPairs: [string, string][] = []
  let filterValues = 0
  let totalChars = 0

  const entries = safeEntries(search, ignored)
  for (let index = 0; index < entries.length; index++) {
    const [name, value] = entries[index]
    const ignore = (reason: string) => ignored.push({ param: shorten(name), reason })
    totalChars += name.length + value.length
    if (totalChars > LINK_LIMITS.totalChars) {
      ignored.push({
        param: shorten(name),
        reason: `The link is longer than ${LINK_LIMITS.totalChars / 1000} KB: this parameter and the ${entries.length - index - 1} after it were ignored.`,
      })
      break
    }
    if (!name.startsWith(FILTER_PREFIX) && SECRET_NAME.test(name)) {
      ignore('Looks like a credential. Links never carry tokens; enter yours in the API token field.')
      continue
    }
    const valueChars = name === 'sql' ? LINK_LIMITS.sqlChars : LINK_LIMITS.valueChars
    if (value.length > valueChars || name.length > LINK_LIMITS.valueChars) {
      ignore(`Longer than ${formatCount(valueChars)} characters.`)
      continue
    }
    if (name.startsWith(FILTER_PREFIX)) {
      if (filterValues >= LINK_LIMITS.filterValues) {
        ignore(`More than ${LINK_LIMITS.filterValues} filter values; the rest were ignored.`)
        continue
      }
      filterValues++
      filters.push({ field: name.slice(FILTER_PREFIX.length), values: [value] })
      continue
    }
    if (name === 'sort') {
      if (sort.length >= LINK_LIMITS.sortKeys) ignore(`More than ${LINK_LIMITS.sortKeys} sort keys; the rest were ignored.`)
      else sort.push(parseSortParam(value))
      continue
    }
    if (GROUPING_PARAMS.has(name)) {
      groupingPairs.push([name, value])
      continue
    }
    if (name === 'fields') {
      if (fields.length >= LINK_LIMITS.fields) ignore(`More than ${LINK_LIMITS.fields} fields; the rest were ignored.`)
      else fields.push(value)
      continue
    }
    if (name === 'pin') {
      if (pinned.length >= LINK_LIMITS.fields) ignore(`More than ${LINK_LIMITS.fields} pinned columns; the rest were ignored.`)
      else pinned.push(value)
      continue
    }
    if (name === 'width') {
      const width = parseWidthParam(value)
      if (width === undefined) ignore(`Malformed: a width is \`<field> <px>\`, from ${COLUMN_WIDTH_PX.min} to ${COLUMN_WIDTH_PX.max} px.`)
      else if (widths.length >= LINK_LIMITS.fields) ignore(`More than ${LINK_LIMITS.fields} column widths; the rest were ignored.`)
      else widths.push(width)
      continue
    }
    if (!Object.hasOwn(SINGLE_PARAMS, name)) {
      ignore('Unknown parameter.')
      continue
    }
    if (seen.has(name)) {
      ignore('Given more than once; the first value was used.')
      continue
    }
    seen.add(name)
    const problem = SINGLE_PARAMS[name as SingleParam](value, query)
    if (problem) ignore(problem)
  }
  query.filters = filters
  query.sort = sort
  query.fields = fields
  query.pinned = pinned
  // fromEntries defines own properties: a column named `__proto__` stays a column.
  query.widths = Object.fromEntries(widths)
  const grouping = decodeGrouping(groupingPairs, (param, reason) => ignored.push({ param, reason }))
  return { query: normalizeQuery(query), ignored: capNotes(ignored), ...(grouping ? { grouping } : {}) }
}

function capNotes(ignored: IgnoredParam[]): IgnoredParam[] {
  if (ignored.length <= LINK_LIMITS.notes) return ignored
  const rest = ignored.length - (LINK_LIMITS.notes - 1)
  return [...ignored.slice(0, LINK_LIMITS.notes - 1), { param: '(more)', reason: `${formatCount(rest)} more parameters were ignored.` }]
}

function safeEntries(search: string, ignored: IgnoredParam[]): [string, string][] {
  try {
    const text = typeof search === 'string' ? search : ''
    return [...new URLSearchParams(text.startsWith('?') ? text.slice(1) : text)]
  } catch {
    ignored.push({ param: '(whole link)', reason: 'The query string could not be read.' })
    return []
  }
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text
}

/**
 * `field asc` / `field desc` (the last word is the direction; `desc nulls last`, what a descending
 * sort means everywhere, is read as `desc`); a bare name sorts ascending.
 */
function parseSortParam(value: string): SortKey {
  const match = /^(.*) (asc|desc)(?: nulls last)?$/s.exec(value)
  return match ? { field: match[1], direction: match[2] as SortKey['direction'] } : { field: value, direction: 'asc' }
}

/** The widths a column may be given (the grid's resize keeps to them too). */
export const COLUMN_WIDTH_PX = Object.freeze({ min: 40, max: 2000 })

/** `field 120`: the last word is the width in whole px, within COLUMN_WIDTH_PX. */
function parseWidthParam(value: string): [string, number] | undefined {
  const match = /^(.*) (\d{1,4})$/s.exec(value)
  if (!match) return undefined
  const px = Number(match[2])
  return px >= COLUMN_WIDTH_PX.min && px <= COLUMN_WIDTH_PX.max ? [match[1], px] : undefined
}

type SingleParam = 'source' | 'base' | 'resource' | 'method' | 'limit' | 'q' | 'sort_on' | 'offset' | 'sql'

/** Each one-valued parameter: applies its value to the query, or returns why it cannot. */
const SINGLE_PARAMS: Record<SingleParam, (value: string, query: QueryState) => string | undefined> = {
  source(value, query) {
    if (value !== 'demo' && value !== 'live') return 'Malformed: the source is `demo` or `live`.'
    query.source = value
    return undefined
  },
  base(value, query) {
    const problem = unsafeBaseUrlReason(value)
    if (problem) return problem
    query.baseUrl = value
    return undefined
  },
  resource(value, query) {
    query.resourceId = value
    return undefined
  },
  method(value, query) {
    const method = value.toUpperCase()
    if (method !== 'GET' && method !== 'POST') return 'Malformed: the method is `POST` or `GET`.'
    query.method = method
    return undefined
  },
  limit(value, query) {
    if (value === NO_LIMIT) query.limit = undefined
    else if (/^\d{1,9}$/.test(value)) query.limit = Number(value)
    else return 'Malformed: the limit is a whole number (or `none`).'
    return undefined
  },
  q(value, query) {
    query.q = value
    return undefined
  },
  sort_on(value, query) {
    if (value !== 'browser' && value !== 'server') return 'Malformed: sort_on is `browser` or `server`.'
    query.sortOn = value
    return undefined
  },
  offset(value, query) {
    if (!/^\d{1,15}$/.test(value)) return 'Malformed: the offset is a whole number.'
    query.offset = Number(value)
    return undefined
  },
  sql(value, query) {
    query.sql = value
    return undefined
  },
}

/** Why a base URL must not be taken from a link, or `undefined` when it may. */
export function unsafeBaseUrlReason(value: string): string | undefined {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return 'Malformed: the base URL is not a valid address.'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `Ignored for safety: only http and https base URLs are allowed, not ${url.protocol.slice(0, 20)}`
  }
  if (url.username || url.password) return 'Ignored for safety: the base URL contains a user name or password.'
  return undefined
}
