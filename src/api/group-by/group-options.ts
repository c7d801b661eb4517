// Keys, fetchers and TanStack Query options for the `Group by` panel, and which way a grouping is
// answered (`groupPlan`): the demo engine (exact, in its worker); a live server's
// `datastore_search_sql` (one statement, exact); a live server's `datastore_search` counts per value
// (count by one field of at most 20 values, exact, the summaries' own requests); else, when at most
// FETCH_ALL_MAX records match, every one of them fetched (only the fields the grouping reads) and
// grouped by the engine (exact); else the loaded records (exact only when they are every matching
// record). Each answer says which it is.
import { queryOptions } from '@tanstack/react-query'
import { castFilterValue, type CellValue, type FieldInfo, type GroupOptions, type GroupRequest, type GroupResult, type RecordObject } from '../../engine/index.ts'
import { groupStatement, readGroupRows, type SqlField } from '../../query/group-sql.ts'
import { groupingText, keepsEveryGroup, type Grouping } from '../../query/grouping.ts'
import { buildSqlRequest, filtersObject } from '../../query/request-builder.ts'
import type { QueryState } from '../../query/types.ts'
import { DatastoreSearchError } from '../api-error.ts'
import { exportPages } from '../export-pages.ts'
import { parseBody, successResult } from '../body-text.ts'
import { tokenTag, type SearchDeps } from '../datastore-search.ts'
import { describeFailure } from '../describe-failure.ts'
import { parseResponse } from '../parse-response.ts'
import { TransportError } from '../transport.ts'
import { matchingQuery, serverFacts } from '../summaries/live-facts.ts'
import { engineType, loadedRecordsInput } from '../summaries/loaded-summary.ts'
import { factKind } from '../summaries/summary-plan.ts'
import { matchIdentity, summaryKeys, summarySend } from '../summaries/summary-options.ts'
import type { DatastoreField, DatastoreRecord } from '../parse-response.ts'

export interface GroupDeps extends Omit<SearchDeps, 'onProgress'> {
  /** The demo engine's exact grouping (the worker transport's `group`). */
  group?: (request: GroupRequest, signal?: AbortSignal) => Promise<GroupResult>
  /** The engine's grouping of records on hand (the worker transport's `groupRecords`). */
  groupRecords: (fields: FieldInfo[], records: RecordObject[], request: GroupOptions, signal?: AbortSignal) => Promise<GroupResult>
}

export type GroupPlan = 'engine' | 'sql' | 'counts' | 'loaded'

/** Which records a grouping's numbers cover, and how they were had. */
export type GroupScope =
  | { kind: 'engine' }
  | { kind: 'sql' }
  | { kind: 'counts'; requests: number }
  | { kind: 'fetched'; requests: number }
  | { kind: 'loaded'; loaded: number; complete: boolean; reason?: 'no-sql' | 'many-values' }

export interface GroupAnswer {
  result: GroupResult
  scope: GroupScope
}

export interface PlanInput {
  source: QueryState['source']
  /** The live server answers `datastore_search_sql` (undefined: not known, taken as no). */
  offersSql: boolean | undefined
  grouping: Grouping
  /** Every matching record is loaded (the total is exact and that many came). */
  complete: boolean
}

/** Counts per value need a count by one plain field. */
export function countable(grouping: Grouping): boolean {
  return grouping.measure === 'count' && grouping.keys.length === 1 && grouping.keys[0]?.unit === undefined
}

export function groupPlan({ source, offersSql, grouping, complete }: PlanInput): GroupPlan {
  if (source === 'demo') return 'engine'
  if (complete) return 'loaded'
  if (offersSql === true) return 'sql'
  return countable(grouping) ? 'counts' : 'loaded'
}

/** The grouping as the engine takes it, over the query's q and filters. */
export function engineGroupOptions(grouping: Grouping): GroupOptions {
  return {
    group: grouping.keys.map((key) => ({ ...key })),
    measure: grouping.measure,
    ...(grouping.measure !== 'count' && grouping.measureField !== undefined ? { measure_field: grouping.measureField } : {}),
    top: keepsEveryGroup(grouping) ? 0 : grouping.top,
  }
}

/** Points a scatter of two numeric keys draws, sampled evenly over the matching records. */
export const SCATTER_SAMPLE = 2000

function engineRequest(query: QueryState, grouping: Grouping, scatter: boolean): GroupRequest {
  const filters = filtersObject(matchingQuery(query).filters)
  const [x, y] = grouping.keys
  return {
    resource_id: query.resourceId.trim(),
    ...(query.q !== '' ? { q: query.q } : {}),
    ...(Object.keys(filters).length > 0 ? { filters } : {}),
    ...engineGroupOptions(grouping),
    ...(scatter && x && y ? { sample: { x: x.field, y: y.field, size: SCATTER_SAMPLE } } : {}),
  }
}

/** Up to `size` points of two numeric fields, evenly spaced over records on hand. */
export function loadedPoints(records: readonly DatastoreRecord[], x: string, y: string, size = SCATTER_SAMPLE): NonNullable<GroupResult['sample']> {
  const points: [number, number][] = []
  const step = Math.max(1, records.length / size)
  for (let at = 0; at < records.length && points.length < size; at += step) {
    const record = records[Math.floor(at)] as Record<string, unknown>
    const px = Number(record[x] ?? Number.NaN)
    const py = Number(record[y] ?? Number.NaN)
    if (record[x] !== null && record[y] !== null && Number.isFinite(px) && Number.isFinite(py)) points.push([px, py])
  }
  return { size: points.length, of: records.length, points }
}

export const groupKeys = {
  all: [...summaryKeys.all.slice(0, -1), 'group'] as const,
  of: (plan: GroupPlan, query: QueryState, grouping: Grouping, token: string | undefined) =>
    [...groupKeys.all, plan, matchIdentity(query), groupingText(grouping), { token: tokenTag(token) }] as const,
}

const common = { retry: false, networkMode: 'always' } as const

/** The demo engine's grouping, exact over every matching record. */
export function demoGroupOptions(query: QueryState, grouping: Grouping, scatter: boolean, deps: GroupDeps) {
  return queryOptions<GroupAnswer>({
    queryKey: [...groupKeys.of('engine', query, grouping, deps.token), scatter],
    queryFn: async ({ signal }) => {
      if (!deps.group) throw new Error('The demo engine gives no groupings.')
      return { result: await deps.group(engineRequest(query, grouping, scatter), signal), scope: { kind: 'engine' } }
    },
    ...common,
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** `datastore_search_sql` with one statement; its records read as the engine's result. */
async function askSql(query: QueryState, fields: readonly SqlField[], grouping: Grouping, deps: GroupDeps, signal: AbortSignal): Promise<GroupResult> {
  const resourceId = query.resourceId.trim()
  const sql = groupStatement(resourceId, fields, query, grouping, (type, text) => castFilterValue(engineType(type), text))
  const token = deps.token?.trim()
  const spec = buildSqlRequest(sql, query.baseUrl.trim(), 'POST', { token })
  let raw
  try {
    raw = await deps.transports.live.send(spec, { signal, timeoutMs: deps.timeoutMs })
  } catch (error) {
    const failure = error instanceof TransportError ? error : new TransportError('network', String(error))
    throw new DatastoreSearchError(describeFailure(failure, { source: 'live', url: spec.url }))
  }
  const body = parseBody(raw.bodyText)
  const result = body.kind === 'json' ? successResult(raw.status, body.value) : undefined
  if (result && Array.isArray(result.records)) return readGroupRows(result.records as Record<string, unknown>[], fields, grouping, resourceId) as GroupResult
  const parsed = parseResponse(raw, { token })
  if (!parsed.ok) throw new DatastoreSearchError(parsed.error)
  throw new Error('The server answered datastore_search_sql without records.')
}

export function sqlGroupOptions(query: QueryState, fields: readonly DatastoreField[], grouping: Grouping, deps: GroupDeps) {
  return queryOptions<GroupAnswer>({
    queryKey: groupKeys.of('sql', query, grouping, deps.token),
    queryFn: async ({ signal }) => ({ result: await askSql(query, fields, grouping, deps, signal), scope: { kind: 'sql' } }),
    ...common,
    staleTime: 60_000,
  })
}

/**
 * Counts per value from `datastore_search` (the summaries' plan: `distinct`, then one `limit: 0`
 * request per value, at most 20, a few at once); `undefined` when the field has more values.
 */

/** Values in the engine's order of ties: numbers by value, anything else by its text. */
const byValue = (a: CellValue, b: CellValue) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)))
async function countGroups(query: QueryState, field: DatastoreField, grouping: Grouping, matching: number | undefined, deps: GroupDeps, signal: AbortSignal): Promise<GroupAnswer | undefined> {
  const facts = await serverFacts(field.id, factKind(field.type), { query, matching, send: summarySend(deps, signal) })
  if (!facts.values) return undefined
  const empty = facts.empty ?? 0
  // largest count first, ties by value (as the engine orders them); empties (null or "") last among equals
  const values = facts.values.toSorted((a, b) => b.count - a.count || byValue(a.value, b.value))
  const all = [...values.map((value) => ({ keys: [value.value], count: value.count, value: value.count })), ...(empty > 0 ? [{ keys: [null], count: empty, value: empty }] : [])].sort((a, b) => b.count - a.count)
  const kept = grouping.top > 0 ? all.slice(0, grouping.top) : all
  const rest = all.slice(kept.length)
  const restCount = rest.reduce((sum, row) => sum + row.count, 0)
  const result: GroupResult = {
    resource_id: query.resourceId.trim(),
    total: all.reduce((sum, row) => sum + row.count, 0),
    groups: all.length,
    rows: kept,
    ...(rest.length > 0 ? { other: { groups: rest.length, count: restCount, value: restCount } } : {}),
  }
  return { result, scope: { kind: 'counts', requests: facts.requests } }
}

/** The loaded records, grouped by the engine in its worker. */
async function groupLoaded(answer: LoadedAnswer, grouping: Grouping, deps: GroupDeps, signal: AbortSignal, reason: GroupScope & { kind: 'loaded' }): Promise<GroupAnswer> {
  const input = loadedRecordsInput(answer.fields, answer.records)
  return { result: await deps.groupRecords(input.fields, input.records, engineGroupOptions(grouping), signal), scope: reason }
}

/** At most this many matching records are fetched whole when no server-side way is exact. */
export const FETCH_ALL_MAX = 100_000
/** Records per request while fetching them (CKAN's default `ckan.datastore.search.rows_max`). */
const FETCH_PAGE = 32_000

/** The fields a grouping reads: its keys and its measure's field. */
function fieldsRead(grouping: Grouping): string[] {
  const names = grouping.keys.map((key) => key.field)
  if (grouping.measure !== 'count' && grouping.measureField !== undefined) names.push(grouping.measureField)
  return [...new Set(names)]
}

/**
 * Every matching record, with only the fields the grouping reads, grouped by the engine. Pages are
 * sorted by `_id`: without a sort CKAN orders nothing, and offset pages could skip or repeat records.
 */
async function fetchAndGroup(query: QueryState, grouping: Grouping, deps: GroupDeps, signal: AbortSignal): Promise<GroupAnswer> {
  const whole: QueryState = { ...query, fields: fieldsRead(grouping), sort: [{ field: '_id', direction: 'asc' }], sortOn: 'server', offset: 0 }
  let fields: readonly DatastoreField[] = []
  const records: DatastoreRecord[] = []
  let requests = 0
  for await (const page of exportPages(whole, deps, { pageSize: FETCH_PAGE, maxRecords: FETCH_ALL_MAX, signal })) {
    requests += 1
    fields = page.fields
    for (const record of page.records) records.push(record)
  }
  const input = loadedRecordsInput(fields, records)
  return { result: await deps.groupRecords(input.fields, input.records, engineGroupOptions(grouping), signal), scope: { kind: 'fetched', requests } }
}

/** What is left when the server can neither run SQL nor count: every record when few match, else those on hand. */
function groupWithoutServer(answer: LoadedAnswer, matching: number | undefined, query: QueryState, grouping: Grouping, deps: GroupDeps, signal: AbortSignal, reason: GroupScope & { kind: 'loaded' }): Promise<GroupAnswer> {
  if (matching !== undefined && matching <= FETCH_ALL_MAX) return fetchAndGroup(query, grouping, deps, signal)
  return groupLoaded(answer, grouping, deps, signal, reason)
}

export interface LoadedAnswer {
  fields: readonly DatastoreField[]
  records: readonly DatastoreRecord[]
  total?: number
  totalWasEstimated?: boolean
}

/** Counts per value where the server can give them, else (or when every record is loaded) the loaded records. */
export function liveGroupOptions(query: QueryState, answer: LoadedAnswer, grouping: Grouping, plan: 'counts' | 'loaded', complete: boolean, deps: GroupDeps) {
  const matching = answer.total !== undefined && !answer.totalWasEstimated ? answer.total : undefined
  return queryOptions<GroupAnswer>({
    queryKey: [...groupKeys.of(plan, query, grouping, deps.token), answer.records.length, answer.total ?? null],
    queryFn: async ({ signal }) => {
      const loaded = { kind: 'loaded' as const, loaded: answer.records.length, complete }
      if (plan === 'counts') {
        const field = answer.fields.find((candidate) => candidate.id === grouping.keys[0]?.field)
        const counted = field ? await countGroups(query, field, grouping, matching, deps, signal) : undefined
        return counted ?? groupWithoutServer(answer, matching, query, grouping, deps, signal, { ...loaded, reason: 'many-values' })
      }
      if (complete) return groupLoaded(answer, grouping, deps, signal, loaded)
      return groupWithoutServer(answer, matching, query, grouping, deps, signal, { ...loaded, reason: 'no-sql' })
    },
    ...common,
    staleTime: 60_000,
    gcTime: 60_000,
  })
}
