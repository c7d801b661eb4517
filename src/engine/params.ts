// Validation of `datastore_search` parameters, in two steps like CKAN: the shape of each value
// (no table needed), then the field names against the table. Every problem is collected, one
// message list per parameter key, so several mistakes are reported together.
//
// Parameters arrive from a JSON body (any JSON types) or a query string (strings, and lists for
// repeated keys); both go through the same rules.

import { filterValueErrors } from './filter-values.ts'
import { setOwn } from './own-property.ts'
import type { FieldInfo } from './types.ts'

export const DEFAULT_LIMIT = 100
export const MAX_LIMIT = 32000
export const RECORDS_FORMATS = ['objects', 'lists', 'csv', 'tsv'] as const
export type RecordsFormat = (typeof RECORDS_FORMATS)[number]
const KNOWN_KEYS = new Set([
  'resource_id',
  'id',
  'limit',
  'q',
  'filters',
  'offset',
  'sort',
  'fields',
  'include_total',
  'records_format',
  'distinct',
  'full_text',
  'plain',
  'language',
  'total_estimation_threshold',
])

export type ValidationErrors = Record<string, string[]>
export type FilterScalar = string | number | boolean | null
export type FilterValue = FilterScalar | FilterScalar[]

export interface SortClause {
  /** The clause as written, for error messages. */
  text: string
  field: string
  descending: boolean
  nullsFirst: boolean
}

/** Parameters whose shape is valid; field names not yet checked. */
export interface ShapedParams {
  resourceId?: string
  limit: number
  includeTotal: boolean
  offset?: number
  q?: string | Record<string, string>
  filters?: Record<string, FilterValue>
  sort?: { echo: string | string[]; clauses: SortClause[] }
  fields?: string[]
  recordsFormat: RecordsFormat
  /** Echoed only when sent, like CKAN. */
  distinct?: boolean
  fullText?: string
  plain?: boolean
  language?: string
  /** Echoed always (null by default), like CKAN 2.11. */
  totalEstimationThreshold: number | null
}

export interface ShapeResult {
  params: ShapedParams
  errors: ValidationErrors
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function addError(errors: ValidationErrors, key: string, message: string): void {
  ;(errors[key] ??= []).push(message)
}

function quoted(text: string): string {
  return JSON.stringify(text)
}

export function shapeParams(input: Record<string, unknown>): ShapeResult {
  const errors: ValidationErrors = {}
  const params: ShapedParams = { limit: DEFAULT_LIMIT, includeTotal: true, recordsFormat: 'objects', totalEstimationThreshold: null }

  // CKAN 2.11.5 names only the first unknown parameter, under __extras
  const unknown = Object.keys(input).find((key) => !KNOWN_KEYS.has(key))
  if (unknown !== undefined) addError(errors, '__extras', `invalid value ${quoted(unknown)}`)

  const resourceId = 'resource_id' in input ? input.resource_id : input.id
  if (resourceId === undefined || resourceId === null || resourceId === '') addError(errors, 'resource_id', 'Missing value')
  else if (typeof resourceId === 'string') params.resourceId = resourceId
  else if (typeof resourceId === 'number') params.resourceId = String(resourceId)
  else addError(errors, 'resource_id', 'Must be a string')

  const limit = naturalNumber(input.limit)
  if (typeof limit === 'string') addError(errors, 'limit', limit)
  else if (limit !== undefined) params.limit = Math.min(limit, MAX_LIMIT)

  const offset = naturalNumber(input.offset)
  if (typeof offset === 'string') addError(errors, 'offset', offset)
  else if (offset !== undefined) params.offset = offset

  if (input.include_total !== undefined && input.include_total !== null && input.include_total !== '') {
    params.includeTotal = isTrue(input.include_total)
  }

  shapeCompatibility(input, params, errors)
  shapeQ(input.q, params, errors)
  shapeFilters(input.filters, params, errors)
  shapeSort(input.sort, params, errors)
  shapeFields(input.fields, params, errors)
  return { params, errors }
}

function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === ''
}

/** CKAN's unicode_safe: text as it is, anything else as its JSON text. */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** records_format, distinct, full_text, plain, language, total_estimation_threshold. */
function shapeCompatibility(input: Record<string, unknown>, params: ShapedParams, errors: ValidationErrors): void {
  const format = input.records_format
  if (!isAbsent(format)) {
    if (typeof format === 'string' && (RECORDS_FORMATS as readonly string[]).includes(format)) params.recordsFormat = format as RecordsFormat
    else addError(errors, 'records_format', `Value must be one of [${RECORDS_FORMATS.map((name) => `'${name}'`).join(', ')}]`)
  }
  if (input.distinct !== undefined) params.distinct = isTrue(input.distinct)
  if (input.plain !== undefined) params.plain = isTrue(input.plain)
  if (input.full_text !== undefined && input.full_text !== null) params.fullText = asText(input.full_text)
  if (input.language !== undefined && input.language !== null) params.language = asText(input.language)
  const threshold = input.total_estimation_threshold
  if (!isAbsent(threshold)) {
    const parsed = integer(threshold)
    if (parsed === undefined) addError(errors, 'total_estimation_threshold', 'Invalid integer')
    else params.totalEstimationThreshold = parsed
  }
}

/** An integer (CKAN's int_validator: a number without a fraction, or integer text), else undefined. */
function integer(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined
  if (typeof value === 'string' && /^\s*[+-]?[0-9]+\s*$/.test(value)) {
    const parsed = Number(value)
    return Number.isSafeInteger(parsed) ? parsed : undefined
  }
  return undefined
}

/** A natural number, undefined when absent, or the error message. */
export function naturalNumber(value: unknown): number | undefined | string {
  if (value === undefined || value === null || value === '') return undefined
  let parsed: number
  if (typeof value === 'number') parsed = value
  else if (typeof value === 'string' && /^\s*[+-]?[0-9]+\s*$/.test(value)) parsed = Number(value)
  else return 'Invalid integer'
  if (!Number.isInteger(parsed)) return 'Invalid integer'
  if (parsed < 0) return 'Must be a natural number'
  return parsed
}

/** CKAN's boolean_validator: true, 1 and "true/yes/t/y/1" are true; every other value is false. */
function isTrue(value: unknown): boolean {
  if (value === true || value === 1) return true
  return typeof value === 'string' && ['true', 'yes', 't', 'y', '1'].includes(value.toLowerCase())
}

function shapeQ(value: unknown, params: ShapedParams, errors: ValidationErrors): void {
  if (value === undefined || value === null) return
  let q: unknown = value
  if (typeof value === 'string' && value.trimStart().startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(value)
      if (isPlainObject(parsed)) q = parsed
    } catch {
      // not JSON: an ordinary search text that happens to start with "{"
    }
  }
  if (typeof q === 'number') q = String(q)
  if (typeof q === 'string') {
    params.q = q
    return
  }
  if (!isPlainObject(q)) {
    addError(errors, 'q', 'Must be a string, or a JSON object mapping field names to text')
    return
  }
  const terms: Record<string, string> = {}
  let valid = true
  for (const [field, text] of Object.entries(q)) {
    if (typeof text === 'string') setOwn(terms, field, text)
    else if (typeof text === 'number') setOwn(terms, field, String(text))
    else {
      addError(errors, 'q', `Value of field ${quoted(field)} must be a string`)
      valid = false
    }
  }
  if (valid) params.q = terms
}

function isFilterScalar(value: unknown): value is FilterScalar {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
}

function shapeFilters(value: unknown, params: ShapedParams, errors: ValidationErrors): void {
  if (value === undefined || value === null) return
  let filters: unknown = value
  if (typeof value === 'string') {
    try {
      filters = JSON.parse(value)
    } catch {
      addError(errors, 'filters', 'Cannot parse JSON')
      return
    }
  }
  if (!isPlainObject(filters)) {
    addError(errors, 'filters', 'Must be a JSON object mapping field names to a value or a list of values')
    return
  }
  const shaped: Record<string, FilterValue> = {}
  let valid = true
  for (const [field, condition] of Object.entries(filters)) {
    if (isFilterScalar(condition) || (Array.isArray(condition) && condition.every(isFilterScalar))) {
      setOwn(shaped, field, condition)
    } else {
      addError(errors, 'filters', `Value of field ${quoted(field)} must be a string, number, boolean or null, or a list of them`)
      valid = false
    }
  }
  if (valid) params.filters = shaped
}

const SORT_CLAUSE = /^(.+?)(?: +(asc|desc))?(?: +nulls +(first|last) *)?$/i

function shapeSort(value: unknown, params: ShapedParams, errors: ValidationErrors): void {
  if (value === undefined || value === null) return
  let texts: string[]
  if (typeof value === 'string') texts = value.trim() === '' ? [] : value.split(',')
  else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) texts = value
  else {
    addError(errors, 'sort', 'Must be a string like "field desc, other" or a list of such strings')
    return
  }
  // A field sorted again adds nothing to the order (its first clause already decided every tie it
  // could), so repeats are folded away: no request sorts more often than the table has fields.
  const clauses: SortClause[] = []
  const sorted = new Set<string>()
  const invalid: string[] = []
  // a clause written again says nothing new: read each text once (a body may repeat one 200,000 times)
  const read = new Set<string>()
  for (const text of texts) {
    if (read.has(text)) continue
    read.add(text)
    const match = SORT_CLAUSE.exec(text.trim())
    if (!match) {
      invalid.push(`invalid value ${quoted(text.trim())}: expected "field [asc|desc]"`)
      continue
    }
    const field = unquote(match[1] as string)
    if (sorted.has(field)) continue
    sorted.add(field)
    const descending = (match[2] ?? 'asc').toLowerCase() === 'desc'
    const nulls = match[3]?.toLowerCase()
    clauses.push({ text: text.trim(), field, descending, nullsFirst: nulls === undefined ? descending : nulls === 'first' })
  }
  addErrors(errors, 'sort', invalid, 'invalid values')
  params.sort = { echo: value as string | string[], clauses }
}

function unquote(name: string): string {
  const trimmed = name.trim()
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) return trimmed.slice(1, -1)
  return trimmed
}

function shapeFields(value: unknown, params: ShapedParams, errors: ValidationErrors): void {
  if (value === undefined || value === null) return
  let names: string[]
  if (typeof value === 'string') names = value.split(',')
  else if (Array.isArray(value) && value.every((item) => typeof item === 'string')) names = value
  else {
    addError(errors, 'fields', 'Must be a list of field names or a comma-separated string')
    return
  }
  const cleaned = names.map(unquote).filter((name) => name !== '')
  if (cleaned.length > 0) params.fields = [...new Set(cleaned)]
}

/** Field names checked against the resource's columns (without `_id`): returns errors keyed like CKAN's. */
export function checkFieldNames(params: ShapedParams, columns: readonly FieldInfo[] | { readonly fields: readonly FieldInfo[] }): ValidationErrors {
  const errors: ValidationErrors = {}
  const types = new Map(('fields' in columns ? columns.fields : columns).map((column) => [column.id, column.type]))
  const known = (name: string) => name === '_id' || types.has(name)
  const unknownFields = (fields: readonly string[]): string[] => fields.filter((field) => !known(field)).map((field) => `Unknown field ${quoted(field)}`)
  addErrors(errors, 'filters', unknownFields(Object.keys(params.filters ?? {})), 'unknown fields')
  addErrors(errors, 'filters', filterValueErrors(params.filters, (field) => (field === '_id' ? 'int' : types.get(field))), 'values the fields\' types refuse')
  if (typeof params.q === 'object') addErrors(errors, 'q', unknownFields(Object.keys(params.q)), 'unknown fields')
  const badClauses = (params.sort?.clauses ?? []).filter((clause) => !known(clause.field))
  addErrors(errors, 'sort', badClauses.map((clause) => `invalid value ${quoted(clause.text)}: unknown field ${quoted(clause.field)}`), 'unknown fields')
  addErrors(errors, 'fields', unknownFields(params.fields ?? []), 'unknown fields')
  return errors
}

/** Messages listed one by one for one parameter; past these, the answer gives their count. */
export const MAX_LISTED_ERRORS = 20

/**
 * A parameter's messages, the first MAX_LISTED_ERRORS of them and then how many there are in all:
 * a request naming 130,000 unknown fields gets a short, readable answer.
 */
function addErrors(errors: ValidationErrors, key: string, messages: readonly string[], what: string): void {
  if (messages.length === 0) return
  const list = (errors[key] ??= [])
  for (const message of messages.slice(0, MAX_LISTED_ERRORS)) list.push(message)
  if (messages.length > MAX_LISTED_ERRORS) {
    list.push(`... and ${messages.length - MAX_LISTED_ERRORS} more: ${messages.length} ${what} in all`)
  }
}
