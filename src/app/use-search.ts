import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState, useSyncExternalStore } from 'react'
import { DatastoreSearchError } from '../api/api-error.ts'
import { datastoreKeys, datastoreSearchOptions, datastoreTotalOptions, pageWithoutTotal, type SearchOutcome, type TotalOutcome } from '../api/datastore-search.ts'
import type { TransferProgress } from '../api/transport.ts'
import type { QueryState } from '../query/types.ts'
import type { SearchData, SearchFailure } from './search-types.ts'
import { transports } from './transports.ts'

export interface SearchView {
  /** The latest answer (the previous one while the next loads). */
  data?: SearchData
  /** True while `data` is the previous query's answer, shown until the current one arrives. */
  isPrevious: boolean
  elapsedMs?: number
  failure?: SearchFailure
  isFetching: boolean
  /**
   * The total is being counted: the demo engine answered while the resource still loads (asked again
   * until exact), or a live page came alone and its total follows in its own request.
   */
  counting: boolean
  progress?: { done: number; total: number }
  refetch: () => void
  cancel: () => void
}

/**
 * `counting`: the demo engine's estimate, said in the status as "counting…" rather than as a server note.
 * `apart`: the total of a page that came without it, from its own request.
 */
function toData(outcome: SearchOutcome, counting: boolean, apart: TotalOutcome | undefined): SearchData {
  const { result } = outcome
  const total = result.total ?? apart?.total
  return {
    fields: result.fields,
    records: result.records,
    total,
    totalWasEstimated: result.total === undefined ? apart?.totalWasEstimated : result.totalWasEstimated,
    ...(result.recordsTruncated ? { truncated: true } : {}),
    notes: result.notes.filter((note) => !(counting && note.kind === 'total-estimated')).map((note) => note.message),
  }
}

function toFailure(error: unknown): SearchFailure {
  if (error instanceof DatastoreSearchError) {
    const apiError = error.apiError
    const fieldErrors = apiError.kind === 'validation' || apiError.kind === 'invalid-query' ? apiError.fieldErrors : {}
    return { title: apiError.title, message: apiError.message, hint: apiError.hint, fieldErrors, ...(apiError.kind === 'not-found' && !apiError.isHtml ? { resourceMissing: true } : {}) }
  }
  return { title: 'Something went wrong', message: error instanceof Error ? error.message : String(error), fieldErrors: {} }
}

const DEMO_RECOUNT_MS = 300

const subscribeToCosts = (listener: () => void) => transports.totalCosts?.subscribe(listener) ?? (() => undefined)

/** The search for one executed query (the api's options factory); a new query aborts the previous one. */
export function useSearch(query: QueryState, token: string, enabled: boolean, timeoutMs?: number, maxBytes?: number): SearchView {
  const queryClient = useQueryClient()
  // Progress belongs to the query it was reported for, so another query never shows it.
  const [progress, setProgress] = useState<{ of: string; value: TransferProgress } | undefined>(undefined)
  const identity = JSON.stringify(datastoreKeys.search(query, token))
  const result = useQuery({
    // Only the demo's records progress is shown: a live answer's byte counts (every 100 ms while a big
    // page downloads) would re-render the page for nothing.
    ...datastoreSearchOptions(query, { transports, token, timeoutMs, maxBytes, onProgress: (value) => value.unit === 'records' && setProgress({ of: identity, value }) }),
    enabled,
    // The demo engine answers from the part of a resource loaded so far with an estimated total;
    // asking again while it loads brings the exact total (a live server's estimate stays one).
    refetchInterval: (current) => (query.source === 'demo' && current.state.data?.result.totalWasEstimated === true ? DEMO_RECOUNT_MS : false),
  })
  const current = progress?.of === identity ? progress.value : undefined
  const data = result.data
  // A live page goes alone where a count may cost (total-costs.ts); its total follows in its own request,
  // started with it, so the records never wait for the count.
  const live = query.source === 'live'
  const plannedApart = useSyncExternalStore(subscribeToCosts, () => pageWithoutTotal(query, transports))
  const page = result.isPlaceholderData ? undefined : data
  const totalResult = useQuery({
    ...datastoreTotalOptions(query, { transports, token, timeoutMs, maxBytes }),
    // with the page when it goes alone, or once a page came without its total
    enabled: enabled && live && page?.result.total === undefined && (plannedApart || page !== undefined),
  })
  const apart = result.isPlaceholderData ? undefined : totalResult.data
  // One SearchData per answer, so memoised views of it (sorting, the grid) only redo work for new data.
  const demo = query.source === 'demo'
  const view = useMemo(() => (data ? toData(data, demo && data.result.totalWasEstimated === true, apart) : undefined), [data, demo, apart])
  const counting =
    (query.source === 'demo' && data?.result.totalWasEstimated === true && !result.isPlaceholderData) ||
    (live && view?.total === undefined && totalResult.isFetching)
  // Asking again for the exact total is no new search: the answer on screen stays current.
  const loading = result.isFetching && !(counting && result.isRefetching)
  return {
    data: view,
    isPrevious: result.isPlaceholderData,
    elapsedMs: data?.elapsedMs,
    failure: result.error && !loading ? toFailure(result.error) : undefined,
    isFetching: loading,
    counting,
    progress: loading && current?.unit === 'records' && current.total ? { done: current.done, total: current.total } : undefined,
    // A fetch already under way for this query (e.g. just re-enabled) is joined, not restarted.
    refetch: () => void result.refetch({ cancelRefetch: false }),
    cancel: () => {
      void queryClient.cancelQueries({ queryKey: datastoreKeys.search(query, token) })
      void queryClient.cancelQueries({ queryKey: datastoreKeys.total(query, token) })
    },
  }
}
