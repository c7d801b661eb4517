// The service worker that keeps the app usable offline, registered once the page has loaded and the
// user waits for nothing (user-waits.ts): on a first visit its install downloads and stores the whole
// app, CPU the first answers (the demo's, PostgreSQL's start in the browser) need. Loaded lazily by
// app-update.ts, which owns the update the worker may offer.
import type { QueryClient } from '@tanstack/react-query'
import { whenPageLoaded, whenUserWaitsForNothing } from './user-waits.ts'

/** A couple of seconds in which the user waits for nothing; half a minute after the page loaded at the latest. */
const OFFLINE_CACHE_QUIET = { quietMs: 2000, maxMs: 30_000 }

/** Registers the worker when the time comes; resolves to the call that activates a waiting new version. */
export async function registerWhenQuiet(queryClient: QueryClient, onNeedRefresh: () => void): Promise<() => Promise<void>> {
  await whenPageLoaded()
  await whenUserWaitsForNothing(queryClient, OFFLINE_CACHE_QUIET)
  const { registerSW } = await import('virtual:pwa-register')
  const update = registerSW({ onNeedRefresh })
  return () => update(true)
}
