// Keys, fetchers and TanStack Query options for the column summaries. They are cached under the
// executed query's identity reduced to what decides the matching records (source, address, resource,
// q, filters) and the token's tag, never the token: paging or sorting keeps them.
import { queryOptions } from '@tanstack/react-query'
import type { FieldInfo, RecordObject, SummaryRequest, TableSummary } from '../../engine/index.ts'
import type { DatastoreField, DatastoreRecord } from '../parse-response.ts'
import { loadedRecordsInput } from './loaded-summary.ts'
import { filtersObject } from '../../query/request-builder.ts'
import type { QueryState } from '../../query/types.ts'
import { datastoreKeys, fetchDatastoreSearch, searchIdentity, tokenTag, type SearchDeps } from '../datastore-search.ts'
import { createLimiter } from './limiter.ts'
import { matchingQuery, serverFacts, type FactKind, type ServerFacts, type SummarySend } from './live-facts.ts'

export interface SummaryDeps extends Omit<SearchDeps, 'onProgress'> {
  /** The demo engine's exact summary (the worker transport's `summarize`). */
  summarize?: (request: SummaryRequest, signal?: AbortSignal) => Promise<TableSummary>
  /** The engine's summary of records on hand (the worker transport's `summarizeRecords`). */
  summarizeRecords: (fields: FieldInfo[], records: RecordObject[], signal?: AbortSignal) => Promise<TableSummary>
}

/** Each answer object gets a number, so a refetched answer is summarised again. */
const answerIds = new WeakMap<object, number>()
let lastAnswerId = 0
function answerId(answer: object): number {
  let id = answerIds.get(answer)
  if (id === undefined) answerIds.set(answer, (id = ++lastAnswerId))
  return id
}

/** Summary requests in flight at once, over every field and query. */
const IN_FLIGHT = 4
const limit = createLimiter(IN_FLIGHT)
// The demo worker takes turns between the summaries it is given (it pauses after each step): one at
// a time, in the order asked, so each field shows as soon as it is done instead of all at the end.
const demoLimit = createLimiter(1)

/** What decides the matching records of a query (source, address, resource, q, filters, method). */
export function matchIdentity(query: QueryState) {
  const { source, baseUrl, resourceId, q, filters, method } = searchIdentity(matchingQuery(query))
  return { source, baseUrl, resourceId, q, filters, method }
}

export const summaryKeys = {
  all: [...datastoreKeys.all, 'summary'] as const,
  demo: (query: QueryState, field: string, token: string | undefined) => [...summaryKeys.all, 'engine', matchIdentity(query), field, { token: tokenTag(token) }] as const,
  loaded: (query: QueryState, answer: object, token: string | undefined) => [...summaryKeys.all, 'loaded', searchIdentity(query), answerId(answer), { token: tokenTag(token) }] as const,
  liveField: (query: QueryState, field: string, token: string | undefined) => [...summaryKeys.all, 'live', matchIdentity(query), field, { token: tokenTag(token) }] as const,
}

/**
 * The demo engine's summary of one field, exact over every matching record. One request per field,
 * one at a time: a field whose index the engine builds on first use (seconds at a million records)
 * holds up neither the fields asked before it nor the user's next query (the worker answers it
 * between two steps).
 */
export function demoSummaryOptions(query: QueryState, field: string, deps: SummaryDeps) {
  return queryOptions<TableSummary>({
    queryKey: summaryKeys.demo(query, field, deps.token),
    queryFn: ({ signal }) => {
      if (!deps.summarize) throw new Error('The demo engine gives no summaries.')
      const filters = filtersObject(matchingQuery(query).filters)
      const request: SummaryRequest = { resource_id: query.resourceId.trim(), fields: [field], ...(query.q !== '' ? { q: query.q } : {}), ...(Object.keys(filters).length > 0 ? { filters } : {}) }
      const summarize = deps.summarize
      return demoLimit(() => summarize(request, signal), signal)
    },
    retry: false,
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** The engine's summary of the records the executed query loaded (`answer`), in the worker. */
export function loadedSummaryOptions(query: QueryState, answer: { fields: readonly DatastoreField[]; records: readonly DatastoreRecord[] }, deps: SummaryDeps) {
  return queryOptions<TableSummary>({
    queryKey: summaryKeys.loaded(query, answer, deps.token),
    queryFn: ({ signal }) => {
      const input = loadedRecordsInput(answer.fields, answer.records)
      return deps.summarizeRecords(input.fields, input.records, signal)
    },
    retry: false,
    networkMode: 'always',
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  })
}

/** Sends one summary request through the query's own transport, at most `IN_FLIGHT` at once. */
export function summarySend(deps: Omit<SearchDeps, 'onProgress'>, signal: AbortSignal): SummarySend {
  return (query, extra) =>
    limit(async () => {
      const outcome = await fetchDatastoreSearch(query, deps, signal, extra)
      return { records: outcome.result.records, total: outcome.result.total }
    }, signal)
}

/** What a live server says exactly about one field of the executed query (see live-facts.ts). */
export function liveFieldOptions(query: QueryState, field: string, kind: FactKind, matching: number | undefined, deps: SummaryDeps) {
  return queryOptions<ServerFacts>({
    queryKey: summaryKeys.liveField(query, field, deps.token),
    queryFn: ({ signal }) => serverFacts(field, kind, { query, matching, send: summarySend(deps, signal) }),
    // A refusal (e.g. 409 for `distinct`) will not change by asking again: the loaded records answer.
    retry: false,
    networkMode: 'always',
    staleTime: 60_000,
  })
}
