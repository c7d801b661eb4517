// The one rule of "the app is busy with something the user waits for": a query in flight (any the
// explorer runs: the demo's first load, a live search, an SQL statement, a prefetch) or an engine
// starting (the demo's SQL engine warming, engine-start.ts). Work that can wait, such as filling the
// offline cache, asks `whenUserWaitsForNothing` for a moment when none is, so that it does not take
// the CPU from the user's first answers.
import type { QueryClient } from '@tanstack/react-query'
import { engineStarting, onEngineStartChange } from '../api/engine-start.ts'

export function userWaits(queryClient: QueryClient): boolean {
  return engineStarting() || queryClient.isFetching() > 0
}

export interface QuietSpell {
  /** How long nothing must be waited for. */
  quietMs: number
  /** Resolve after this long at the latest, whatever is in progress (so the work always gets done). */
  maxMs: number
}

/** Resolves once the user has waited for nothing for `quietMs` in a row, or after `maxMs`. */
export function whenUserWaitsForNothing(queryClient: QueryClient, { quietMs, maxMs }: QuietSpell): Promise<void> {
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined
    const check = () => {
      clearTimeout(quiet)
      quiet = userWaits(queryClient) ? undefined : setTimeout(() => (userWaits(queryClient) ? undefined : done()), quietMs)
    }
    const stopQueries = queryClient.getQueryCache().subscribe(check)
    const stopEngines = onEngineStartChange(check)
    const latest = setTimeout(() => done(), maxMs)
    const done = () => {
      clearTimeout(quiet)
      clearTimeout(latest)
      stopQueries()
      stopEngines()
      resolve()
    }
    check()
  })
}

/** Resolves once the page has loaded (its `load` event). */
export function whenPageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve()
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }))
}
