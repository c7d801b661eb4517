// The service worker that keeps the app usable offline, registered once the page has loaded and the
// user waits for nothing (user-waits.ts): on a first visit its install downloads and stores the whole
// app, CPU the first answers (the demo's, PostgreSQL's start in the browser) need. Loaded lazily by
// app-update.ts, which owns the update the worker may offer.
import type { QueryClient } from '@tanstack/react-query'
import { engineEverStarted } from '../api/engine-start.ts'
import { sqlEngineFileUrls } from '../demo/sql-engine-files.ts'
import { whenPageLoaded, whenUserWaitsForNothing } from './user-waits.ts'

/** A couple of seconds in which the user waits for nothing; half a minute after the page loaded at the latest. */
const OFFLINE_CACHE_QUIET = { quietMs: 2000, maxMs: 30_000 }

/** Registers the worker when the time comes; resolves to the call that activates a waiting new version. */
export async function registerWhenQuiet(queryClient: QueryClient, onNeedRefresh: () => void): Promise<() => Promise<void>> {
  await whenPageLoaded()
  await whenUserWaitsForNothing(queryClient, OFFLINE_CACHE_QUIET)
  const { registerSW } = await import('virtual:pwa-register')
  const update = registerSW({ onNeedRefresh })
  void keepEngineFilesOffline()
  return () => update(true)
}

/**
 * The SQL engine's large files are kept by the worker as they are fetched through it (not installed
 * with the app: most visits never use them). An engine that started before the worker controlled
 * the page fetched them past it, so once it does they are asked again through it (from the HTTP
 * cache): then the SQL mode, too, answers offline after this visit.
 */
async function keepEngineFilesOffline(): Promise<void> {
  await controlled()
  if (!engineEverStarted()) return
  // one at a time: the engine's files are megabytes each
  for (const url of sqlEngineFileUrls()) await fetch(url).then((response) => response.arrayBuffer()).catch(() => undefined)
}

/** Resolves once a service worker controls the page (the first one claims it as it activates). */
function controlled(): Promise<void> {
  if (navigator.serviceWorker.controller) return Promise.resolve()
  return new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }))
}
