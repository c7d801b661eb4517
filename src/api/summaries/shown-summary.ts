// One field's summary as the panel shows it: the numbers, and which of them hold over every
// matching record and which only over the records loaded. Pure.
import { valueCountStats, type FieldSummary } from '../../engine/index.ts'
import type { ServerFacts } from './live-facts.ts'

export type { CellValue, FieldSummary, Histogram, HistogramBin, ValueCount } from '../../engine/index.ts'

export type SummaryPart = 'distinct' | 'empty' | 'top' | 'range' | 'mean' | 'histogram'
export const SUMMARY_PARTS: readonly SummaryPart[] = ['distinct', 'empty', 'top', 'range', 'mean', 'histogram']

export interface ShownSummary {
  summary: FieldSummary
  /** The parts that are exact over all `matching` records; the others are over `loaded` records. */
  exact: readonly SummaryPart[]
  /** Records matching the query (known when some part is exact). */
  matching?: number
  /** Records the inexact parts were computed from. */
  loaded: number
  /** Live requests this field's summary took (0 in demo mode or when every record was loaded). */
  requests: number
  /** The server is still being asked; the loaded records' numbers show meanwhile. */
  pending: boolean
  /** Nothing is known yet: the summary is being computed. */
  computing?: boolean
}

/** Every part exact: the engine's summary, or the loaded records when they are all the matching ones. */
export function exactSummary(summary: FieldSummary, matching: number): ShownSummary {
  return { summary, exact: SUMMARY_PARTS, matching, loaded: matching, requests: 0, pending: false }
}

/** A field whose summary is still being computed (nothing to show yet). */
export function pendingSummary(field: string): ShownSummary {
  return { summary: { field, type: 'text', count: 0, empty: 0, distinct: 0, top: [] }, exact: [], loaded: 0, requests: 0, pending: true, computing: true }
}

/** Only the loaded records (the server was not asked, refused, or failed). */
export function loadedSummary(summary: FieldSummary, loaded: number, pending = false): ShownSummary {
  return { summary, exact: [], loaded, requests: 0, pending }
}

/** The loaded records' summary with what the server said exactly put in its place. */
export function mergeFacts(loaded: FieldSummary, loadedCount: number, facts: ServerFacts, matching: number | undefined, top = 10): ShownSummary {
  const summary: FieldSummary = { ...loaded }
  const exact: SummaryPart[] = []
  const total = facts.matching ?? matching
  if (facts.distinct !== undefined) {
    summary.distinct = facts.distinct
    exact.push('distinct')
  }
  if (facts.values && total !== undefined) {
    summary.top = facts.values.slice(0, top)
    exact.push('top')
    // Every value with its count is known: the mean and histogram are exact too, by the engine's rule.
    const { mean, histogram } = valueCountStats(loaded.type, facts.values)
    if (mean !== undefined) {
      summary.mean = mean
      exact.push('mean')
    }
    if (histogram !== undefined) {
      summary.histogram = histogram
      exact.push('histogram')
    }
  }
  if (facts.empty !== undefined && total !== undefined) {
    summary.empty = facts.empty
    exact.push('empty')
  }
  if (facts.range) {
    summary.min = facts.range.min
    summary.max = facts.range.max
    exact.push('range')
  }
  return { summary, exact, ...(total !== undefined ? { matching: total } : {}), loaded: loadedCount, requests: facts.requests, pending: false }
}
