// Form-level checks with one message per form field, shown beside it. Errors stop the query from being
// sent; warnings are told but the query may still go.
import { SERVER_MAX_LIMIT } from './defaults.ts'
import type { FilterClause, QueryState } from './types.ts'
import { formatCount } from './locale-format.ts'

export type FieldKey = 'baseUrl' | 'resourceId' | 'token' | 'limit' | 'q' | 'filters' | 'sort' | 'offset' | 'fields' | 'sql'
export type FieldMessages = Partial<Record<FieldKey, string>>

export interface Validation {
  errors: FieldMessages
  warnings: FieldMessages
}

/** The form field each `datastore_search` parameter belongs to (for server-side 409 messages). */
export const FIELD_KEY_BY_PARAM: Readonly<Record<string, FieldKey>> = Object.freeze({
  resource_id: 'resourceId',
  id: 'resourceId',
  limit: 'limit',
  q: 'q',
  filters: 'filters',
  sort: 'sort',
  offset: 'offset',
  fields: 'fields',
  // datastore_search_sql's missing statement (PostgreSQL's own messages come as `query`: see SQL_FIELD_KEY_BY_PARAM).
  sql: 'sql',
})

/** `datastore_search_sql`: its `query` messages are PostgreSQL's about the statement (datastore_search's are not). */
export const SQL_FIELD_KEY_BY_PARAM: Readonly<Record<string, FieldKey>> = Object.freeze({ sql: 'sql', query: 'sql' })

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function validateQuery(query: QueryState, options: { token?: string } = {}): Validation {
  const errors: FieldMessages = {}
  const warnings: FieldMessages = {}
  const note = (into: FieldMessages, key: FieldKey, message: string | undefined) => {
    if (message && into[key] === undefined) into[key] = message
  }
  note(errors, 'token', tokenError(options.token))
  if (query.source === 'live') {
    note(errors, 'baseUrl', baseUrlError(query.baseUrl))
    note(warnings, 'token', plainHttpTokenWarning(query.baseUrl, options.token))
  }
  // An SQL query sends only its statement: the search fields are not part of it.
  if (query.sql !== undefined) {
    if (query.sql.trim() === '') note(errors, 'sql', 'Write an SQL statement, e.g. SELECT * FROM "<resource id>" LIMIT 10.')
    return { errors, warnings }
  }
  const resourceId = query.resourceId.trim()
  if (resourceId === '') note(errors, 'resourceId', 'Enter a resource ID.')
  else if (!UUID.test(resourceId)) {
    note(warnings, 'resourceId', 'This is not a UUID. It is sent as written: fine if it is an alias the server knows.')
  }
  const limit = limitMessages(query.limit)
  note(errors, 'limit', limit.error)
  note(warnings, 'limit', limit.warning)
  if (!Number.isSafeInteger(query.offset) || query.offset < 0) note(errors, 'offset', 'The offset must be a whole number, 0 or more.')
  for (const clause of query.filters) {
    if (clause.field === '') note(errors, 'filters', 'A filter needs a field name.')
    if (clause.values.some((value) => value === '')) note(errors, 'filters', `The filter on “${clause.field}” has an empty value.`)
    if (new Set(clause.values).size < clause.values.length) note(warnings, 'filters', `“${clause.field}” lists the same value twice.`)
    note(warnings, 'filters', unusualFieldNameWarning(clause.field))
  }
  if (query.sort.some((key) => key.field === '')) note(errors, 'sort', 'A sort key needs a field name.')
  if (query.fields) {
    if (query.fields.some((name) => name === '')) note(errors, 'fields', 'A column name is empty.')
    if (new Set(query.fields).size < query.fields.length) note(warnings, 'fields', 'A column is listed twice.')
  }
  return { errors, warnings }
}

export function hasErrors(validation: Validation): boolean {
  return Object.keys(validation.errors).length > 0
}

function limitMessages(limit: number | undefined): { error?: string; warning?: string } {
  if (limit === undefined) return { warning: 'No limit is sent: the server decides how many records come back (100 on CKAN).' }
  if (Number.isNaN(limit)) return { error: 'The limit must be a number.' }
  if (!Number.isInteger(limit)) return { error: 'The limit must be a whole number.' }
  if (limit < 0) return { error: 'The limit cannot be negative.' }
  if (limit > SERVER_MAX_LIMIT) {
    return { warning: `The server returns at most ${formatCount(SERVER_MAX_LIMIT)} records: the limit will be clamped to ${SERVER_MAX_LIMIT}.` }
  }
  return {}
}

/** Reads the limit input's text. Empty means "no limit sent"; anything unreadable becomes NaN (an error). */
export function parseLimitInput(text: string): number | undefined {
  const trimmed = text.trim()
  if (trimmed === '') return undefined
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN
}

/**
 * Why a live base URL cannot be used, or `undefined`. It is an origin plus the path before `/api`:
 * none (https://demo.ckan.org), one (http://127.0.0.1:8800/data) or several (https://open.canada.ca/data/en).
 */
export function baseUrlError(baseUrl: string): string | undefined {
  const text = baseUrl.trim()
  const looksLike = 'It looks like https://demo.ckan.org or http://127.0.0.1:8800/data: the site plus the path before /api.'
  if (text === '') return `Enter the API’s base URL. ${looksLike}`
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return `This is not a valid address. ${looksLike}`
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Only http:// and https:// addresses can be queried.'
  if (url.username || url.password) return 'Remove the user name and password from the address; use the API token field.'
  const segments = url.pathname.split('/').filter(Boolean)
  const before = (at: number) => url.origin + segments.slice(0, at).map((segment) => `/${segment}`).join('')
  const apiAt = segments.indexOf('api')
  if (apiAt >= 0) {
    return `Enter only the part before /api (here ${before(apiAt)}); the explorer adds /api/action/datastore_search.`
  }
  const datasetAt = segments.indexOf('dataset')
  if (datasetAt >= 0) {
    return `This is a dataset page. Paste it whole to browse its resources, paste a resource’s page address (…/dataset/<name>/resource/<id>) to fill in both fields, or enter only the site (here ${before(datasetAt)}).`
  }
  if (url.search || url.hash || text.includes('?') || text.includes('#')) return `Remove the part after ? or #: the base URL is only the site and the path before /api (here ${before(segments.length)}).`
  return undefined
}

/** A header value must be one line of Latin-1 text; anything else cannot be sent at all. */
export function tokenError(token: string | undefined): string | undefined {
  if (!token || /^[\t\x20-\x7e\x80-\xff]*$/.test(token)) return undefined
  return 'The token holds characters an HTTP header cannot carry (a line break or a non-Latin letter). Paste it again.'
}

/** A token over plain http to another machine can be read on the way. */
export function plainHttpTokenWarning(baseUrl: string, token: string | undefined): string | undefined {
  if (!token?.trim()) return undefined
  let url: URL
  try {
    url = new URL(baseUrl.trim())
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' || isLoopback(url.hostname)) return undefined
  return `The token would travel unencrypted over plain http to ${url.hostname}. Use https if the server offers it.`
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(hostname) || hostname === '[::1]'
}

/** Field names are sent exactly as written; unusual ones deserve a word so a typo is noticed. */
export function unusualFieldNameWarning(field: string): string | undefined {
  const traits = [
    /\s/.test(field) ? 'spaces' : '',
    field.includes('.') ? 'a dot' : '',
    /[^\x20-\x7e]/.test(field) ? 'non-ASCII letters' : '',
  ].filter(Boolean)
  if (traits.length === 0) return undefined
  return `“${field}” contains ${traits.join(' and ')}: it is sent exactly as written and must match the server’s field name exactly.`
}

export interface FilterDraftMessages {
  field?: string
  value?: string
  /** Shown but the chip can still be added. */
  warning?: string
}

/** Checks a chip before it is added: both parts present, not already there. */
export function validateFilterDraft(field: string, value: string, existing: readonly FilterClause[]): FilterDraftMessages {
  const messages: FilterDraftMessages = {}
  if (field.trim() === '') messages.field = 'Enter the field to filter on.'
  if (value === '') messages.value = 'Enter the value the field must have.'
  else if (existing.some((clause) => clause.field === field && clause.values.includes(value))) {
    messages.value = `The filter ${field} = ${value} is already there.`
  }
  const warning = unusualFieldNameWarning(field)
  if (warning) messages.warning = warning
  return messages
}
