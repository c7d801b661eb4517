// The one endpoint: keys, fetcher and TanStack Query options for `datastore_search`.
import { keepPreviousData, queryOptions, replaceEqualDeep } from '@tanstack/react-query'
import { normalizeQuery } from '../query/normalize.ts'
import { buildRequest, effectiveBaseUrl, TOTAL_EXTRA, totalQuery, LISTS_ABOVE_RECORDS, recordsFormatFor, redactedRequest, type BuildOptions, type HttpRequestSpec } from '../query/request-builder.ts'
import type { QueryState } from '../query/types.ts'
import { hasErrors, validateQuery } from '../query/validate.ts'
import { DatastoreSearchError, type ApiError } from './api-error.ts'
import { loadAnswerReading } from './answer-reading-loader.ts'
import type { LiveAnswer, LiveWorkerClient } from './live-worker-client.ts'
import { OffThreadUnavailable } from './off-thread.ts'
import type { DatastoreResult, ParseContext } from './parse-response.ts'
import type { ListsUse, ServerFormats } from './server-formats.ts'
import type { TotalCosts } from './total-costs.ts'
import { TransportError, type SendOptions, type TransferProgress, type Transport } from './transport.ts'

/** Live pages of more records than this are fetched and parsed in a worker (when there is one). */
export const OFF_THREAD_ABOVE_RECORDS = LISTS_ABOVE_RECORDS
/** A live answer fetched on the page and longer than this (a few records of thousands of fields) is parsed in that worker too. */
export const PARSE_OFF_THREAD_ABOVE_CHARS = 1_000_000

export interface Transports {
  live: Transport
  demo: Transport
  /** Fetches and parses big live answers off the page's thread (and parses long ones the page fetched); without it they are read here. */
  liveOffThread?: Pick<LiveWorkerClient, 'search'> & Partial<Pick<LiveWorkerClient, 'parse'>>
  /** Has the demo engine's worker parse big demo answers; without it they are read here. */
  demoOffThread?: Pick<LiveWorkerClient, 'search'>
  /** What each live server was seen to accept; big pages ask for lists where they are accepted. */
  serverFormats?: ServerFormats
  /** Answers demo SQL queries (`datastore_search_sql`): PGlite in a worker of its own, started on first use. */
  demoSql?: Transport
  /** What a count costs on each live server: pages go without their total where it may cost. */
  totalCosts?: TotalCosts
}

export interface SearchDeps {
  transports: Transports
  /** Sent as `Authorization`; never part of a key, a link or a message. */
  token?: string
  /** Per-request timeout for live queries (ms); the transport's default otherwise. */
  timeoutMs?: number
  /** Size limit of a live answer (bytes); the transport's default otherwise. */
  maxBytes?: number
  onProgress?: (progress: TransferProgress) => void
}

export interface SearchOutcome {
  result: DatastoreResult
  /** The request as sent, with the token replaced by `<API_TOKEN>`. */
  request: HttpRequestSpec
  status: number
  elapsedMs: number
}

/** What a search depends on: the normalised query minus what the request does not carry. */
export function searchIdentity(query: QueryState) {
  const q = normalizeQuery(query)
  if (q.sql !== undefined) return { source: q.source, baseUrl: effectiveBaseUrl(q), method: q.method, sql: q.sql }
  return {
    source: q.source,
    baseUrl: effectiveBaseUrl(q),
    resourceId: q.resourceId.trim(),
    limit: q.limit ?? null,
    q: q.q,
    filters: q.filters,
    method: q.method,
    // A browser-side sort reorders loaded records; only a server sort changes what is fetched.
    sort: q.sortOn === 'server' ? q.sort : [],
    offset: q.offset,
    fields: q.fields ?? null,
  }
}

/** A short fingerprint that changes with the token without revealing it (FNV-1a, 32 bits). */
export function tokenTag(token: string | undefined): string {
  const secret = token?.trim()
  if (!secret) return 'none'
  let hash = 0x811c9dc5
  for (let i = 0; i < secret.length; i++) hash = Math.imul(hash ^ secret.charCodeAt(i), 0x01000193) >>> 0
  return hash.toString(16).padStart(8, '0')
}

export const datastoreKeys = {
  all: ['datastore'] as const,
  searches: () => [...datastoreKeys.all, 'search'] as const,
  search: (query: QueryState, token: string | undefined) => [...datastoreKeys.searches(), searchIdentity(query), { token: tokenTag(token) }] as const,
  /** A total depends only on the query's conditions: every page, sort and column choice shares it. */
  total: (query: QueryState, token: string | undefined) => [...datastoreKeys.all, 'total', searchIdentity(totalQuery(query)), { token: tokenTag(token) }] as const,
}

/**
 * Builds, sends and parses one search; throws `DatastoreSearchError` with a typed `ApiError`.
 * `extra` adds parameters the query model does not hold (the summaries' `distinct`, `include_total`).
 */
export async function fetchDatastoreSearch(
  query: QueryState,
  deps: SearchDeps,
  signal?: AbortSignal,
  extra?: BuildOptions['extra'],
  page: Pick<BuildOptions, 'withoutTotal'> = {},
): Promise<SearchOutcome> {
  const validation = validateQuery(query, { token: deps.token })
  if (hasErrors(validation)) {
    throw new DatastoreSearchError({
      kind: 'invalid-query',
      fieldErrors: validation.errors,
      title: 'The query is not sent',
      message: Object.values(validation.errors).join(' '),
      hint: 'Correct the fields marked in the form.',
    })
  }
  const formats = query.source === 'live' ? deps.transports.serverFormats : undefined
  const baseUrl = effectiveBaseUrl(query)
  const companions = listsCompanions(query, extra)
  const buildOptions = { token: deps.token, listsAccepted: formats?.listsAccepted(baseUrl, companions), extra, ...page }
  const spec = buildRequest(query, buildOptions)
  const context: ParseContext = query.sql === undefined ? { token: deps.token, requestedLimit: query.limit } : { token: deps.token, sql: true }
  let answer: LiveAnswer
  try {
    answer = await sendAndParse(query, spec, context, deps, signal)
  } catch (failure) {
    const { describeFailure } = await loadAnswerReading()
    throw new DatastoreSearchError(describeFailure(failure, { source: query.source, url: spec.url, token: deps.token }))
  }
  const { outcome } = answer
  if (formats && !outcome.ok && outcome.error.kind === 'validation' && 'records_format' in outcome.error.paramErrors && recordsFormatFor(query, buildOptions)) {
    // This server does not take lists after all: remember it and ask again as every client does.
    formats.settle(baseUrl, 'refused')
    return fetchDatastoreSearch(query, deps, signal, extra, page)
  }
  if (formats && !outcome.ok && outcome.error.kind === 'validation' && recordsFormatFor(query, buildOptions) && (companions.distinct || companions.q)) {
    // CKAN 2.11 takes lists alone but not beside distinct or q (its 409 names neither): ask again
    // without lists, and remember the combination only when that answer proves it was the cause.
    const retried = await fetchDatastoreSearch(query, { ...deps, transports: { ...deps.transports, serverFormats: undefined } }, signal, extra, page)
    if (companions.distinct) formats.settle(baseUrl, 'refused with distinct')
    if (companions.q) formats.settle(baseUrl, 'refused with q')
    return retried
  }
  if (!outcome.ok) throw new DatastoreSearchError(query.source === 'demo' ? demoFailure(outcome.error) : outcome.error)
  formats?.learnFromAnswer(baseUrl, outcome.result.recordsFormat)
  return { result: outcome.result, request: redactedRequest(spec), status: answer.status, elapsedMs: answer.elapsedMs }
}

/** A demo resource the engine does not hold is most often a file added in another tab: it stays there. */
function demoFailure(error: ApiError): ApiError {
  if (error.kind !== 'not-found') return error
  return {
    ...error,
    title: 'This resource is not in the demo engine of this tab',
    hint: 'A data file you add stays in the browser tab where it was added; nothing is uploaded. Add the file here with “Add a data file”, or open the link in the tab that has it.',
  }
}

/** What a search sends beside `records_format` that some servers refuse with lists. */
export function listsCompanions(query: QueryState, extra: BuildOptions['extra']): ListsUse {
  return { q: query.q !== '', distinct: extra?.some(([name, value]) => name === 'distinct' && value === true) ?? false }
}

/** A big page is parsed in a worker when there is one (the live-answer worker, or the demo engine's own); everything else is read here. */
async function sendAndParse(query: QueryState, spec: HttpRequestSpec, context: ParseContext, deps: SearchDeps, signal?: AbortSignal): Promise<LiveAnswer> {
  // The parser loads while the request is on its way (at once the first time, then it is on hand).
  const reading = loadAnswerReading()
  reading.catch(() => {})
  const options: SendOptions = {
    signal,
    onProgress: deps.onProgress,
    ...(query.source === 'live' && deps.timeoutMs !== undefined ? { timeoutMs: deps.timeoutMs } : {}),
    ...(query.source === 'live' && deps.maxBytes !== undefined ? { maxBytes: deps.maxBytes } : {}),
  }
  if (query.sql !== undefined) {
    const transport = query.source === 'demo' ? deps.transports.demoSql : deps.transports.live
    if (!transport) throw new TransportError('demo-engine', 'SQL is not available in demo mode here.')
    const raw = await transport.send(spec, options)
    const { parseResponse } = await reading
    return { outcome: parseResponse(raw, context), status: raw.status, elapsedMs: raw.elapsedMs }
  }
  const big = query.limit !== undefined && query.limit > OFF_THREAD_ABOVE_RECORDS
  const offThread = deps.transports.liveOffThread
  if (query.source === 'live' && offThread && big) {
    try {
      return await offThread.search(spec, context, options)
    } catch (failure) {
      if (!(failure instanceof OffThreadUnavailable)) throw failure
      // No worker after all: read the answer here, as for a small page.
    }
  }
  const demoOffThread = deps.transports.demoOffThread
  if (query.source === 'demo' && demoOffThread && big) return demoOffThread.search(spec, context, options)
  const transport = query.source === 'demo' ? deps.transports.demo : deps.transports.live
  const raw = await transport.send(spec, options)
  if (query.source === 'live' && offThread?.parse && raw.bodyText.length > PARSE_OFF_THREAD_ABOVE_CHARS) {
    try {
      return await offThread.parse(raw, context, { signal })
    } catch (failure) {
      if (!(failure instanceof OffThreadUnavailable)) throw failure
    }
  }
  const { parseResponse } = await reading
  return { outcome: parseResponse(raw, context), status: raw.status, elapsedMs: raw.elapsedMs }
}

/** Retry a live query once when nothing arrived or a gateway hiccuped; never a 4xx, never the demo. */
export function shouldRetry(source: QueryState['source'], failureCount: number, error: unknown): boolean {
  if (source === 'demo' || failureCount >= 1 || !(error instanceof DatastoreSearchError)) return false
  return isTransient(error.apiError)
}

function isTransient(error: ApiError): boolean {
  if (error.kind === 'network') return error.phase === 'connect'
  return error.kind === 'server-error' && (error.status === 502 || error.status === 503 || error.status === 504)
}

/** Cells past which an answer is never walked for structural sharing (a big page, or a few records of thousands of fields). */
const SHARED_CELLS_MAX = 50_000

export function isBigOutcome(data: unknown): boolean {
  const result = (data as Partial<SearchOutcome> | undefined)?.result
  const records = result?.records
  if (!Array.isArray(records)) return false
  const fields = Array.isArray(result?.fields) ? result.fields.length : 1
  return records.length > OFF_THREAD_ABOVE_RECORDS || records.length * Math.max(1, fields) > SHARED_CELLS_MAX
}

export function datastoreSearchOptions(query: QueryState, deps: SearchDeps) {
  return queryOptions<SearchOutcome, DatastoreSearchError>({
    queryKey: datastoreKeys.search(query, deps.token),
    queryFn: ({ signal }) => fetchPage(query, deps, signal),
    retry: (failureCount, error) => shouldRetry(query.source, failureCount, error),
    retryDelay: 500,
    // The demo needs no network, and a live query should say "network failure" rather than pause.
    networkMode: 'always',
    placeholderData: keepPreviousData,
    // Walking a big answer to find it unchanged (decoding every value) would cost more than showing it again.
    structuralSharing: (oldData: unknown, newData: unknown) => (isBigOutcome(newData) ? newData : replaceEqualDeep(oldData, newData)),
    // Demo resources never change under a given id; live data may.
    staleTime: query.source === 'demo' ? Number.POSITIVE_INFINITY : 60_000,
  })
}

/** Whether a live page of this query goes without its total (see total-costs.ts); never in the demo. */
export function pageWithoutTotal(query: QueryState, transports: Transports): boolean {
  return query.source === 'live' && (transports.totalCosts?.apart(effectiveBaseUrl(query), query.resourceId) ?? false)
}

/** The grid's page: alone where counts may cost, learning from each answer what the count costs. */
async function fetchPage(query: QueryState, deps: SearchDeps, signal?: AbortSignal): Promise<SearchOutcome> {
  const costs = query.source === 'live' ? deps.transports.totalCosts : undefined
  const baseUrl = effectiveBaseUrl(query)
  const withoutTotal = pageWithoutTotal(query, deps.transports)
  try {
    const outcome = await fetchDatastoreSearch(query, deps, signal, undefined, { withoutTotal })
    if (!withoutTotal) costs?.learn(baseUrl, query.resourceId, { kind: 'with-page', elapsedMs: outcome.elapsedMs, totalWasEstimated: outcome.result.totalWasEstimated })
    return outcome
  } catch (error) {
    const apiError = error instanceof DatastoreSearchError ? error.apiError : undefined
    if (!costs || !withoutTotal || apiError?.kind !== 'validation' || !('include_total' in apiError.paramErrors)) throw error
    // A server older than include_total: the page and its total in one request, from now on.
    costs.refuse(baseUrl)
    return fetchPage(query, deps, signal)
  }
}

export interface TotalOutcome {
  total?: number
  totalWasEstimated?: boolean
  elapsedMs: number
}

/** A query's total alone (`limit: 0`): its own request, cancellable, cached under the query's conditions. */
export async function fetchDatastoreTotal(query: QueryState, deps: SearchDeps, signal?: AbortSignal): Promise<TotalOutcome> {
  const outcome = await fetchDatastoreSearch(totalQuery(query), deps, signal, TOTAL_EXTRA)
  const { total, totalWasEstimated } = outcome.result
  if (query.source === 'live') deps.transports.totalCosts?.learn(effectiveBaseUrl(query), query.resourceId, { kind: 'alone', elapsedMs: outcome.elapsedMs, totalWasEstimated })
  return { total, totalWasEstimated, elapsedMs: outcome.elapsedMs }
}

export function datastoreTotalOptions(query: QueryState, deps: SearchDeps) {
  return queryOptions<TotalOutcome, DatastoreSearchError>({
    queryKey: datastoreKeys.total(query, deps.token),
    queryFn: ({ signal }) => fetchDatastoreTotal(query, deps, signal),
    retry: (failureCount, error) => shouldRetry(query.source, failureCount, error),
    retryDelay: 500,
    networkMode: 'always',
    staleTime: query.source === 'demo' ? Number.POSITIVE_INFINITY : 60_000,
  })
}
