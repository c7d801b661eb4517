// Comparing answers: the engine must return the naive baseline's `_id`s in the same order and the same total.
import type { Answer } from './types.ts'

export function sameAnswer(a: Answer, b: Answer): boolean {
  return a.total === b.total && a.ids.length === b.ids.length && a.ids.every((id, i) => id === b.ids[i])
}

/** A human description of how `actual` differs from `expected`, or undefined when they agree. */
export function describeDifference(expected: Answer, actual: Answer): string | undefined {
  if (sameAnswer(expected, actual)) return undefined
  const problems: string[] = []
  if (expected.total !== actual.total) problems.push(`total ${String(actual.total)} instead of ${String(expected.total)}`)
  if (expected.ids.length !== actual.ids.length) problems.push(`${actual.ids.length} records instead of ${expected.ids.length}`)
  const firstDiff = expected.ids.findIndex((id, i) => id !== actual.ids[i])
  if (firstDiff !== -1) {
    problems.push(`record #${firstDiff + 1} has _id ${String(actual.ids[firstDiff])} instead of ${expected.ids[firstDiff]}`)
  }
  return problems.join('; ')
}

/** How many records matched: the total when there is one, else the number of records returned. */
export function matchCount(answer: Answer): number {
  return answer.total ?? answer.ids.length
}
