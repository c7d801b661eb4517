import { useMemo } from 'react'

/**
 * The same object while its JSON text stays the same: a small value rebuilt whenever its inputs change
 * (field messages) keeps its identity, so that a memoised panel given it is not drawn again.
 */
export function useSameJson<T>(value: T): T {
  const text = JSON.stringify(value)
  return useMemo(() => JSON.parse(text) as T, [text])
}
