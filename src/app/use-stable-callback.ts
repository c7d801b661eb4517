import { useCallback, useLayoutEffect, useRef } from 'react'

/** A function with a fixed identity that always calls the latest `callback` (so memoised children stay put). */
export function useStableCallback<Args extends unknown[]>(callback: (...args: Args) => void): (...args: Args) => void {
  const latest = useRef(callback)
  useLayoutEffect(() => {
    latest.current = callback
  })
  return useCallback((...args: Args) => latest.current(...args), [])
}
