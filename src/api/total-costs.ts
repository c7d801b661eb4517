// Whether a live page should wait for its total, decided from what each server has shown, by base URL
// and resource. By default the page goes alone (`include_total: false`) and the total follows in its
// own request (`limit: 0`), so records never wait for a count however big the table. A resource whose
// count came back at no real cost (a small table) gets one request again, total included; one whose
// answer with a total was slow, or estimated, goes back to two. A server that refuses
// `include_total` (older than CKAN 2.9) always gets one request.
// Subscribable, so the request panel shows the request that will really be sent.

/** A count answered within this is no cost worth a second request. */
export const CHEAP_COUNT_MS = 100
/** A page with its total that took longer than this is asked for alone next time. */
export const SLOW_TOTAL_MS = 500

export interface TotalObservation {
  /** The page carried its total (one request), or the total came alone (`limit: 0`). */
  kind: 'with-page' | 'alone'
  elapsedMs: number
  totalWasEstimated?: boolean
}

export interface TotalCosts {
  /** True when this resource's pages should go without their total. */
  apart(baseUrl: string, resourceId: string): boolean
  /** What an answer showed of the count's cost. */
  learn(baseUrl: string, resourceId: string, observation: TotalObservation): void
  /** The server refused `include_total` (409 naming it): one request, always. */
  refuse(baseUrl: string): void
  subscribe(listener: () => void): () => void
}

const serverOf = (baseUrl: string) => baseUrl.trim().replace(/\/+$/, '')
const keyOf = (baseUrl: string, resourceId: string) => `${serverOf(baseUrl)} ${resourceId.trim()}`

export function createTotalCosts(): TotalCosts {
  const together = new Set<string>()
  const refused = new Set<string>()
  const listeners = new Set<() => void>()
  const change = (update: () => boolean) => {
    if (!update()) return
    for (const listener of listeners) listener()
  }
  return {
    apart: (baseUrl, resourceId) => !refused.has(serverOf(baseUrl)) && !together.has(keyOf(baseUrl, resourceId)),
    learn: (baseUrl, resourceId, { kind, elapsedMs, totalWasEstimated }) => {
      const key = keyOf(baseUrl, resourceId)
      if (kind === 'alone' && elapsedMs <= CHEAP_COUNT_MS && !totalWasEstimated) change(() => !together.has(key) && Boolean(together.add(key)))
      if (kind === 'with-page' && (elapsedMs > SLOW_TOTAL_MS || totalWasEstimated)) change(() => together.delete(key))
    },
    refuse: (baseUrl) => change(() => !refused.has(serverOf(baseUrl)) && Boolean(refused.add(serverOf(baseUrl)))),
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
