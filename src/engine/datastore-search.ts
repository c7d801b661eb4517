// `datastore_search` without HTTP: validate the request into a `SearchQuery` (validateSearch), run it
// on a `SearchStore` (the in-memory one unless the context names another), and build CKAN's envelope
// (success or error) with its HTTP status.
//
// Order of checks: parameter shapes (no table needed); then the resource (404) and its access (403);
// then field names against the resource's columns. Shape errors and field-name errors of the same
// request are reported together when the resource can be read.

import type { Catalog, ResourceEntry } from './catalog.ts'
import { accessDenied, internalError, notADictionary, notFound, serviceUnavailable, success, validationError, type Outcome } from './envelope.ts'
import { buildLinks, helpUrl } from './links.ts'
import type { ExecutableQuery } from './execute.ts'
import { catalogStore, executableOf, memoryStore } from './memory-store.ts'
import { checkFieldNames, isPlainObject, shapeParams, type ShapedParams, type ValidationErrors } from './params.ts'
import { typedFilters } from './filter-values.ts'
import { formatRecords } from './records-format.ts'
import { StoreTimeoutError, StoreUnavailableError, type OutputField, type SearchQuery, type SearchStore } from './search-query.ts'
import { isTableMetadata, tableMetadataEntry } from './table-metadata.ts'
import type { StoredTable } from './table.ts'
import type { FieldInfo } from './types.ts'

export interface SearchContext {
  /** The raw token header value (`Authorization` or `X-CKAN-API-Key`), if any. */
  token?: string | null
  /** Tokens that grant every private resource. */
  tokens: readonly string[]
  /** Path of the request, e.g. `/data/api/action/datastore_search` (for `_links` and `help`). */
  requestPath?: string
  /** Query string of the request, with or without `?` (for `_links`; empty for POST). */
  requestQuery?: string
  /** Origin of the request, e.g. `http://127.0.0.1:8800` (for the absolute `help` URL). */
  origin?: string
  /** Where queries run; the engine's in-memory tables by default. */
  store?: SearchStore
}

export type SearchOutcome = Outcome

/** A request that passed every check, ready to run. */
export interface ValidatedSearch {
  entry: ResourceEntry
  params: ShapedParams
  query: SearchQuery
  /** The store that holds the resource. */
  store: SearchStore
}

const DEFAULT_PATH = '/api/3/action/datastore_search'

export async function datastoreSearch(catalog: Catalog, params: unknown, context: SearchContext): Promise<SearchOutcome> {
  const requestPath = context.requestPath ?? DEFAULT_PATH
  const help = helpUrl(context.origin ?? '', requestPath)
  try {
    const validated = await validateSearch(catalog, params, context, help)
    if ('status' in validated) return validated
    const { rows, total, totalWasEstimated } = await validated.store.search(validated.entry, validated.query)
    const { params: shaped, query, entry } = validated
    const result: Record<string, unknown> = {
      resource_id: entry.id,
      limit: shaped.limit,
      include_total: shaped.includeTotal,
      records_format: shaped.recordsFormat,
      total_estimation_threshold: shaped.totalEstimationThreshold,
    }
    if (shaped.q !== undefined) result.q = shaped.q
    if (shaped.fullText !== undefined) result.full_text = shaped.fullText
    if (shaped.filters !== undefined) result.filters = shaped.filters
    if (shaped.offset !== undefined) result.offset = shaped.offset
    if (shaped.sort !== undefined) result.sort = shaped.sort.echo
    if (shaped.distinct !== undefined) result.distinct = shaped.distinct
    if (shaped.plain !== undefined) result.plain = shaped.plain
    if (shaped.language !== undefined) result.language = shaped.language
    result.fields = query.fields.map(({ id, type, info }) => (info ? { id, type, info } : { id, type }))
    result.records = formatRecords(query.fields, rows, shaped.recordsFormat)
    if (total !== undefined) {
      result.total = total
      // the in-memory count is exact, except while a resource still loads (memory-store.ts)
      result.total_was_estimated = totalWasEstimated === true
    }
    result._links = buildLinks(requestPath, context.requestQuery ?? '', query.offset, query.limit)
    return success(help, result)
  } catch (error) {
    return storeFailure(help, error)
  }
}

/** A store's failure as CKAN's envelope: 503 while it is away, 409 past its time limit, else 500. */
export function storeFailure(help: string, error: unknown): Outcome {
  if (error instanceof StoreUnavailableError) return serviceUnavailable(help, `${error.message}; try again shortly`)
  if (error instanceof StoreTimeoutError) return validationError(help, { query: [`Query took too long: ${error.message}; narrow it with filters or a longer q`] })
  return internalError(help)
}

export function isReadable(entry: { isPrivate?: boolean }, context: Pick<SearchContext, 'token' | 'tokens'>): boolean {
  if (entry.isPrivate !== true) return true
  return typeof context.token === 'string' && context.tokens.includes(context.token)
}

/**
 * The answer for a resource that is missing or may not be read: the request's shape errors when it
 * has any (they are reported before the resource is looked at), else 404 or 403.
 */
export function refusedResource(entry: ResourceEntry | undefined, resourceId: string | undefined, help: string, shapeErrors: ValidationErrors): Outcome {
  if (Object.keys(shapeErrors).length > 0) return validationError(help, shapeErrors)
  if (!entry) return notFound(help, `Resource "${resourceId}" was not found.`)
  return accessDenied(help, `User not authorized to read resource ${entry.id}`)
}

/** Every check of a request: either the query to run or the error envelope to answer with. */
export async function validateSearch(catalog: Catalog, input: unknown, context: SearchContext, help: string): Promise<ValidatedSearch | Outcome> {
  if (!isPlainObject(input)) return notADictionary(input)
  const { params, errors } = shapeParams(input)
  let entry = params.resourceId === undefined ? undefined : catalog.resolve(params.resourceId)
  let store = context.store ?? catalogStore(catalog)
  if (!entry && params.resourceId !== undefined && isTableMetadata(params.resourceId)) {
    entry = tableMetadataEntry(catalog.list().filter((summary) => isReadable(summary, context)))
    store = memoryStore(async (resource) => resource.load())
  }
  if (!entry || !isReadable(entry, context)) return refusedResource(entry, params.resourceId, help, errors)
  const columns = await store.columns(entry)
  const fieldErrors = checkFieldNames(params, columns)
  for (const [key, messages] of Object.entries(fieldErrors)) (errors[key] ??= []).push(...messages)
  if (Object.keys(errors).length > 0) return validationError(help, errors)
  return { entry, params, query: searchQuery(entry, params, columns), store }
}

function searchQuery(entry: ResourceEntry, params: ShapedParams, columns: readonly FieldInfo[]): SearchQuery {
  return { resourceId: entry.id, fields: outputFields(entry, params, columns), ...queryConditions(params, columns) }
}

/** Which records, in which order, which page: the shaped parameters as a store reads them. */
export function queryConditions(params: ShapedParams, columns: readonly FieldInfo[]): Omit<SearchQuery, 'resourceId' | 'fields'> {
  const types = new Map(columns.map((column) => [column.id, column.type]))
  // with both, CKAN 2.11 searches `full_text` only (one whole-row query)
  const text = params.fullText || (typeof params.q === 'string' ? params.q : undefined)
  const fieldTexts = typeof params.q === 'object' ? Object.entries(params.q).filter(([, value]) => value !== '') : []
  return {
    text: text === '' ? undefined : text,
    fieldTexts: fieldTexts.map(([field, value]) => ({ field, text: value })),
    filters: typedFilters(params.filters, (field) => (field === '_id' ? 'int' : (types.get(field) ?? 'text'))),
    sort: (params.sort?.clauses ?? []).map(({ field, descending, nullsFirst }) => ({ field, descending, nullsFirst })),
    offset: params.offset ?? 0,
    limit: params.limit,
    includeTotal: params.includeTotal,
    distinct: params.distinct === true,
    totalEstimationThreshold: params.totalEstimationThreshold,
  }
}

/** The in-memory plan of shaped parameters whose field names were checked against the table. */
export function executableQuery(params: ShapedParams, table: StoredTable): ExecutableQuery {
  return executableOf(table, queryConditions(params, table.fields))
}

/** The answer's columns: those asked for (or `_id` then every column), with their dictionary entries. */
export function outputFields(entry: ResourceEntry, params: Pick<ShapedParams, 'fields'>, columns: readonly FieldInfo[]): OutputField[] {
  const types = new Map(columns.map((column) => [column.id, column.type]))
  const names = params.fields ?? ['_id', ...columns.map((column) => column.id)]
  return names.map((id) => {
    const field: OutputField = { id, type: id === '_id' ? 'int' : (types.get(id) as FieldInfo['type']) }
    const info = id === '_id' ? undefined : entry.dictionary?.[id]
    if (info && Object.hasOwn(entry.dictionary ?? {}, id)) field.info = { ...info }
    return field
  })
}
