// Index work a host may do in its idle time after a load, one chunk step at a time, so the first
// searches find it done: each chunk's lowercase copy (what every `q` scans) and its trigram skip bits
// (what makes rare needles skip most of the text). Both are otherwise built lazily by the searches
// themselves; doing them here only moves the cost, the answers are the same.

import { lowerTextOf } from './lower-text.ts'
import { asStoredTable, type Table } from './table.ts'
import { buildSkipIndex, queueSkipIndex } from './trigram-index.ts'

/** Yields after each step (one chunk's lowercase copy, or one chunk's skip bits: a few ms to tens of ms each). */
export function* backgroundIndexSteps(table: Table): Generator<void, void, undefined> {
  const stored = asStoredTable(table)
  for (const chunk of stored.chunks) queueSkipIndex(chunk)
  for (const chunk of stored.chunks) {
    lowerTextOf(stored, chunk)
    yield
  }
  for (const chunk of stored.chunks) {
    buildSkipIndex(stored, chunk)
    yield
  }
}
