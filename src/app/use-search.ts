import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { buildRequest } from '../query/request-builder.ts'
import type { QueryState } from '../query/types.ts'
import { encodeQuery } from '../query/url-codec.ts'
import type { SearchData, SearchFailure } from './search-types.ts'

export interface SearchView {
  /** The latest answer (the previous one while the next loads). */
  data?: SearchData
  elapsedMs?: number
  failure?: SearchFailure
  isFetching: boolean
  progress?: { done: number; total: number }
  refetch: () => void
  cancel: () => void
}

interface Timed {
  data: SearchData
  elapsedMs: number
}

// TEMPORARY until src/api lands: a plain fetch of the built request, minimally checked.
async function fetchSearch(query: QueryState, token: string, signal: AbortSignal): Promise<Timed> {
  const spec = buildRequest(query, { token })
  const started = performance.now()
  const response = await fetch(spec.url, { method: spec.method, headers: spec.headers, body: spec.body, signal })
  const body: unknown = await response.json()
  const result = (body as { result?: SearchData }).result
  if (!response.ok || !result || !Array.isArray(result.records)) {
    throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status })
  }
  return { data: { ...result, totalWasEstimated: (result as { total_was_estimated?: boolean }).total_was_estimated }, elapsedMs: performance.now() - started }
}

/** The search for one executed query; a new query aborts the previous request. */
export function useSearch(query: QueryState, token: string, enabled: boolean): SearchView {
  const queryClient = useQueryClient()
  const queryKey = ['datastore_search', encodeQuery(query), token !== ''] as const
  const result = useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchSearch(query, token, signal),
    enabled,
    placeholderData: keepPreviousData,
  })
  const { refetch } = result
  const cancel = useCallback(() => {
    void queryClient.cancelQueries({ queryKey })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient, queryKey[1], queryKey[2]])
  const failure: SearchFailure | undefined = result.error
    ? { title: 'The query failed', message: result.error.message, fieldErrors: {} }
    : undefined
  return {
    data: result.data?.data,
    elapsedMs: result.data?.elapsedMs,
    failure,
    isFetching: result.isFetching,
    refetch: () => void refetch(),
    cancel,
  }
}
