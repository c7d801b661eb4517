import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { datastoreSearchOptions } from '../api/datastore-search.ts'
import { pageView } from '../features/paging/paging.ts'
import type { QueryState } from '../query/types.ts'
import { requestQuery } from './search-plan.ts'
import { useStableCallback } from './use-stable-callback.ts'
import type { SearchView } from './use-search.ts'
import { transports } from './transports.ts'

/**
 * Fetches the next page into the cache with the same options factory (so the same key), so that
 * Next page shows it at once. In demo mode, and once the user is paging a live API, that happens as
 * soon as a page has answered; otherwise only when the user reaches for Next page (the returned
 * callback), so a live portal never gets a second request for every query somebody runs.
 */
export function useNextPagePrefetch(executed: QueryState, search: SearchView, token: string, timeoutMs: number | undefined, maxBytes?: number): () => void {
  const queryClient = useQueryClient()
  const data = search.isPrevious || search.isFetching ? undefined : search.data
  const view = data ? pageView({ offset: executed.offset, limit: executed.limit, shown: data.records.length, total: data.total, totalEstimated: data.totalWasEstimated }) : undefined
  const nextOffset = view?.hasNext ? view.nextOffset : undefined
  const next = useMemo(() => (nextOffset === undefined ? undefined : requestQuery({ ...executed, offset: nextOffset })), [executed, nextOffset])
  const prefetch = useStableCallback(() => {
    if (next !== undefined) void queryClient.prefetchQuery(datastoreSearchOptions(next, { transports, token, timeoutMs, maxBytes }))
  })
  const eager = executed.source === 'demo' || executed.offset > 0
  useEffect(() => {
    if (eager && next !== undefined) void queryClient.prefetchQuery(datastoreSearchOptions(next, { transports, token, timeoutMs, maxBytes }))
  }, [eager, next, queryClient, token, timeoutMs, maxBytes])
  return prefetch
}
