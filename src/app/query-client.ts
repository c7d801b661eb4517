import { QueryClient } from '@tanstack/react-query'

/** An HTTP status carried by an error, when it has one (typed API errors do). */
function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined
  const { status } = error as { status: unknown }
  return typeof status === 'number' ? status : undefined
}

/**
 * Queries run when the user asks, so nothing refetches behind their back; results stay fresh for a
 * minute so back/forward restore them at once. Only a gateway hiccup (502/503/504) is retried, once:
 * a 4xx will not change by asking again, and a network/CORS failure is better reported at once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        retry: (failureCount, error) => {
          const status = statusOf(error)
          return failureCount < 1 && status !== undefined && status >= 502 && status <= 504
        },
      },
    },
  })
}
