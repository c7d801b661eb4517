// `datastore_search` without HTTP: validate the parameters, resolve and authorise the resource,
// run the search and build CKAN's envelope (success or error) with its HTTP status.
//
// Order of checks: parameter shapes (no table needed); then the resource (404) and its access (403);
// then field names against the loaded table. Shape errors and field-name errors of the same request
// are reported together when the resource can be read.

import type { Catalog, LoadState, ResourceEntry } from './catalog.ts'
import { cellDecoder, filterValueText, type CellDecoder } from './cell-text.ts'
import { accessDenied, badRequest, internalError, notFound, success, validationError, type Outcome } from './envelope.ts'
import { executeQuery, ID_FIELD, type ExecutableQuery, type FieldTerm, type FilterCondition } from './execute.ts'
import { buildLinks, helpUrl } from './links.ts'
import { setOwn } from './own-property.ts'
import { checkFieldNames, shapeParams, type ShapedParams } from './params.ts'
import { asStoredTable, type StoredTable } from './table.ts'
import type { CellValue, FieldInfo, FieldType } from './types.ts'

export interface SearchContext {
  /** The raw `Authorization` header value, if any. */
  token?: string | null
  /** Tokens that grant every private resource. */
  tokens: readonly string[]
  /** Path of the request, e.g. `/data/api/action/datastore_search` (for `_links` and `help`). */
  requestPath?: string
  /** Query string of the request, with or without `?` (for `_links`; empty for POST). */
  requestQuery?: string
  /** Origin of the request, e.g. `http://127.0.0.1:8800` (for the absolute `help` URL). */
  origin?: string
}

export type SearchOutcome = Outcome

const DEFAULT_PATH = '/api/3/action/datastore_search'

export async function datastoreSearch(catalog: Catalog, params: unknown, context: SearchContext): Promise<SearchOutcome> {
  const requestPath = context.requestPath ?? DEFAULT_PATH
  const help = helpUrl(context.origin ?? '', requestPath)
  try {
    return await search(catalog, params, context, help, requestPath)
  } catch {
    return internalError(help)
  }
}

function isReadable(entry: ResourceEntry, context: SearchContext): boolean {
  if (entry.isPrivate !== true) return true
  return typeof context.token === 'string' && context.tokens.includes(context.token)
}

async function search(catalog: Catalog, input: unknown, context: SearchContext, help: string, requestPath: string): Promise<Outcome> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return badRequest(`Request data JSON decoded to ${JSON.stringify(input)} but it needs to be a dictionary.`)
  }
  const { params, errors } = shapeParams(input as Record<string, unknown>)
  const hasShapeErrors = Object.keys(errors).length > 0
  const entry = params.resourceId === undefined ? undefined : catalog.resolve(params.resourceId)
  if (!entry || !isReadable(entry, context)) {
    if (hasShapeErrors) return validationError(help, errors)
    if (!entry) return notFound(help, `Resource "${params.resourceId}" was not found.`)
    return accessDenied(help, `User not authorized to read resource ${entry.id}`)
  }
  // A prefix of the table has all its fields, so field names are checked on the first one at hand.
  const first = await catalog.latest(entry.id)
  const fieldErrors = checkFieldNames(params, asStoredTable(first.table))
  for (const [key, messages] of Object.entries(fieldErrors)) (errors[key] ??= []).push(...messages)
  if (Object.keys(errors).length > 0) return validationError(help, errors)
  const { table, query, records, total, estimated } = await answerSoonest(catalog, entry.id, params, first)
  const outputFields = outputFieldsOf(params, table)
  const result: Record<string, unknown> = {
    resource_id: entry.id,
    limit: params.limit,
    include_total: params.includeTotal,
    records_format: 'objects',
  }
  if (params.q !== undefined) result.q = params.q
  if (params.filters !== undefined) result.filters = params.filters
  if (params.offset !== undefined) result.offset = params.offset
  if (params.sort !== undefined) result.sort = params.sort.echo
  result.fields = outputFields.map(({ id, type }) => ({ id, type }))
  result.records = recordObjects(table, records, outputFields)
  if (total !== undefined) {
    result.total = total
    result.total_was_estimated = estimated
  }
  Object.assign(result, { _links: buildLinks(requestPath, context.requestQuery ?? '', query.offset, query.limit) })
  return success(help, result)
}

interface Answer {
  table: StoredTable
  query: ExecutableQuery
  records: number[]
  total?: number
  estimated: boolean
}

/**
 * Runs the search on the whole table, or, while the resource still loads, on the prefix loaded so
 * far when that prefix decides the page: no sort (records come in `_id` order, so the first matches
 * of a prefix are the first matches of the table) and a full page. The total is then the prefix's
 * count scaled to the expected size, marked as estimated (CKAN's `total_was_estimated`).
 */
async function answerSoonest(catalog: Catalog, resourceId: string, params: ShapedParams, first: LoadState): Promise<Answer> {
  let state = first
  while (!state.complete) {
    const table = asStoredTable(state.table)
    const query = executableQuery(params, table)
    if (query.sort.length === 0) {
      const { records, total } = executeQuery(table, query)
      if (records.length === query.limit) {
        const scaled = total === undefined ? undefined : Math.max(total, Math.round((total * state.expectedSize) / Math.max(1, table.size)))
        return { table, query, records, total: scaled, estimated: total !== undefined }
      }
    }
    state = await catalog.latest(resourceId, state.table)
  }
  const table = asStoredTable(state.table)
  const query = executableQuery(params, table)
  return { table, query, ...executeQuery(table, query), estimated: false }
}

function positionOf(table: StoredTable, field: string): number {
  return field === '_id' ? ID_FIELD : (table.positionOf(field) as number)
}

function executableQuery(params: ShapedParams, table: StoredTable): ExecutableQuery {
  const terms: FieldTerm[] = []
  let needle: string | undefined
  if (typeof params.q === 'string') {
    if (params.q !== '') needle = params.q.toLowerCase()
  } else if (params.q) {
    for (const [field, text] of Object.entries(params.q)) {
      if (text !== '') terms.push({ field: positionOf(table, field), needle: text.toLowerCase() })
    }
  }
  const filters: FilterCondition[] = Object.entries(params.filters ?? {}).map(([field, value]) => ({
    field: positionOf(table, field),
    texts: (Array.isArray(value) ? value : [value]).flatMap((item) => (item === null ? [] : [filterValueText(item)])),
  }))
  const sort = (params.sort?.clauses ?? []).map((clause) => ({
    field: positionOf(table, clause.field),
    descending: clause.descending,
    nullsFirst: clause.nullsFirst,
  }))
  return { needle, terms, filters, sort, offset: params.offset ?? 0, limit: params.limit, includeTotal: params.includeTotal }
}

interface OutputField {
  id: string
  type: FieldType | 'int'
  position: number
}

function outputFieldsOf(params: ShapedParams, table: StoredTable): OutputField[] {
  const all: FieldInfo[] = table.fields.slice()
  const names = params.fields ?? ['_id', ...all.map((field) => field.id)]
  return names.map((name) => {
    if (name === '_id') return { id: '_id', type: 'int', position: ID_FIELD }
    const position = table.positionOf(name) as number
    return { id: name, type: (table.fields[position] as FieldInfo).type, position }
  })
}

function recordObjects(table: StoredTable, records: readonly number[], fields: readonly OutputField[]): Record<string, CellValue>[] {
  const stored = fields.filter((field) => field.position !== ID_FIELD)
  const positions = stored.map((field) => field.position)
  const decoders = stored.map((field) => cellDecoder(field.type as FieldType))
  return records.map((record) => {
    const texts = table.fieldTexts(record, positions)
    const object: Record<string, CellValue> = {}
    let next = 0
    for (const field of fields) {
      if (field.position === ID_FIELD) setOwn(object, field.id, record + 1)
      else {
        setOwn(object, field.id, (decoders[next] as CellDecoder)(texts[next] as string | null))
        next++
      }
    }
    return object
  })
}
