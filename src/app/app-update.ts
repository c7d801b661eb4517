// The service worker that keeps the app usable offline, and the update it may offer. A new version
// is installed in the background and waits: it takes over only when the user asks (UpdateNotice),
// so it never reloads the page in the middle of a query.

import type { QueryClient } from '@tanstack/react-query'

type Listener = () => void

let updateReady = false
let applyUpdate: (() => Promise<void>) | undefined
const listeners = new Set<Listener>()

export function subscribeUpdate(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function isUpdateReady(): boolean {
  return updateReady
}

/** Activates the waiting version and reloads the page on it. */
export function reloadToUpdate(): void {
  void applyUpdate?.()
}

/** Registers the service worker of a built app (no-op in development and in browsers without one), when the user waits for nothing. */
export async function registerOffline(queryClient: QueryClient): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const { registerWhenQuiet } = await import('./offline-register.ts')
  applyUpdate = await registerWhenQuiet(queryClient, () => {
    updateReady = true
    for (const listener of listeners) listener()
  })
}
