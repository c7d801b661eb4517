import { useEffect, useState } from 'react'
import type { QueryState } from '../../query/types.ts'
import { loadRecent, saveRecent, withRecent } from './recent-store.ts'

function storage(): Storage | undefined {
  try {
    return window.localStorage
  } catch {
    return undefined
  }
}

/** The recent queries, with each newly executed query added (and saved) as it runs. */
export function useRecentQueries(executed: QueryState): { recent: string[]; clear: () => void } {
  const [recent, setRecent] = useState<string[]>(() => loadRecent(storage()))
  const [recordedFor, setRecordedFor] = useState<QueryState | undefined>(undefined)
  // A newly executed query joins the list during render (React's "state from a changed prop" pattern).
  if (recordedFor !== executed) {
    setRecordedFor(executed)
    setRecent((list) => withRecent(list, executed))
  }
  useEffect(() => saveRecent(storage(), recent), [recent])
  return { recent, clear: () => setRecent([]) }
}
