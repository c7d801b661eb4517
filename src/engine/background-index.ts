// Index work a host may do in its idle time after a load, one chunk step at a time, so the first
// searches find it done: each chunk's lowercase copy (what every `q` scans) and its trigram skip bits
// (what makes rare needles skip most of the text). Both are otherwise built lazily by the searches
// themselves; doing them here only moves the cost, the answers are the same. Optionally, every
// column's value index and summary caches too (what a first summary of the table builds).

import { lowerTextSteps } from './lower-text.ts'
import { summaryPreparationSteps } from './summary.ts'
import { asStoredTable, type Table } from './table.ts'
import { buildSkipIndexSteps, queueSkipIndex } from './trigram-index.ts'

export interface BackgroundIndexOptions {
  /**
   * Also build each column's value index and summary caches, a chunk per step (a few seconds of work
   * and tens of MB per column of distinct texts at a million records), so a first summary is warm.
   */
  summaries?: boolean
}

/** Yields after each step (a slice of a chunk's lowercase copy, skip bits or column codes: about a millisecond each). */
export function* backgroundIndexSteps(table: Table, options: BackgroundIndexOptions = {}): Generator<void, void, undefined> {
  const stored = asStoredTable(table)
  for (const chunk of stored.chunks) queueSkipIndex(chunk)
  for (const chunk of stored.chunks) {
    yield* lowerTextSteps(stored, chunk)
    yield
  }
  for (const chunk of stored.chunks) {
    yield* buildSkipIndexSteps(stored, chunk)
    yield
  }
  if (options.summaries !== true) return
  for (let position = 0; position < stored.fields.length; position++) {
    yield* summaryPreparationSteps(stored, position)
    yield
  }
}
