import { useSyncExternalStore } from 'react'
import { isUpdateReady, reloadToUpdate, subscribeUpdate } from './app-update.ts'

/** Offers a new version of the app once it is downloaded; the page reloads only when asked. */
export function UpdateNotice() {
  const ready = useSyncExternalStore(subscribeUpdate, isUpdateReady, () => false)
  if (!ready) return null
  return (
    <aside className="update-notice" aria-label="Update">
      <span>A new version of the explorer is ready.</span>
      <button type="button" className="button-secondary" onClick={reloadToUpdate}>
        Reload to update
      </button>
    </aside>
  )
}
