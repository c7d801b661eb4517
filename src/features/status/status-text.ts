// The one-line summary of the query state, as words. Pure, so the wording is tested without a DOM.
import { formatCount } from '../../query/locale-format.ts'

export type SortPlace = 'browser' | 'server' | 'none'

export interface StatusSummary {
  phase: 'idle' | 'loading' | 'success' | 'error' | 'cancelled'
  shown?: number
  total?: number
  totalEstimated?: boolean
  /** The total is being counted: an estimate from the part of the resource loaded so far, or none yet (a live page came first). */
  counting?: boolean
  elapsedMs?: number
  sortedBy?: SortPlace
  /** While a large demo resource is being built: done / total units. */
  progress?: { done: number; total: number }
  /** An SQL answer the server cut at its rows maximum (`records_truncated`). */
  truncated?: boolean
  /** Records skipped before the first shown: with the total, names the range shown. */
  offset?: number
  /** Who answers: the demo engine is never called "the server". */
  source?: 'demo' | 'live'
}


function plural(n: number, word: string): string {
  return `${formatCount(n)} ${word}${n === 1 ? '' : 's'}`
}

export function statusText(summary: StatusSummary): string {
  switch (summary.phase) {
    case 'idle':
      return 'Choose a resource and run a query.'
    case 'cancelled':
      return 'Query cancelled. Change the query or run it again.'
    case 'error':
      return 'The query failed.'
    case 'loading': {
      const { progress } = summary
      if (progress && progress.total > 0) {
        const percent = Math.min(100, Math.floor((progress.done / progress.total) * 100))
        return `Loading… preparing the demo resource (${percent}%)`
      }
      return 'Loading…'
    }
    case 'success': {
      const shown = summary.shown ?? 0
      const parts: string[] = []
      if (summary.total === undefined) parts.push(`Showing ${plural(shown, 'record')}${summary.counting ? ', counting the total…' : ''}`)
      else {
        const approx = summary.totalEstimated ? '≈' : ''
        parts.push(`Showing ${formatCount(shown)} of ${approx}${plural(summary.total, 'record')}${summary.counting ? ', counting…' : ''}`)
      }
      if (summary.truncated) parts.push('truncated: the statement has more rows than the server sends')
      if (summary.elapsedMs !== undefined) parts.push(`${Math.round(summary.elapsedMs)} ms`)
      if (summary.sortedBy === 'server') parts.push(summary.source === 'demo' ? 'sorted by the demo engine' : 'sorted by the server')
      if (summary.sortedBy === 'browser') parts.push('sorted in your browser')
      const range = rangeShown(summary, shown)
      if (range) parts.push(range)
      return parts.join(' · ')
    }
  }
}

/** `records 5,001–6,000 of 20,000` when the page is not the whole result (≈ before an estimated total); nothing otherwise. */
function rangeShown(summary: StatusSummary, shown: number): string | undefined {
  const offset = summary.offset ?? 0
  const { total } = summary
  if (shown === 0 || (offset === 0 && (total === undefined || shown >= total))) return undefined
  const of = total === undefined ? '' : ` of ${summary.totalEstimated ? '≈' : ''}${formatCount(total)}`
  return `records ${formatCount(offset + 1)}–${formatCount(offset + shown)}${of}`
}
