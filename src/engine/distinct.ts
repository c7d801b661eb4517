// `distinct`: the distinct rows of the output columns among the matching records. Each distinct row
// is represented by its first matching record in the query's order (sort, or `_id`), so the rows
// come in the order of their first occurrence; offset and limit then page those rows (CKAN 2.12's
// fixed behaviour: 2.11 paged the records before removing duplicates) and `total` counts them.
// Two cells are the same value when their stored texts are equal; nulls equal each other.

import { executeQuerySteps, ID_FIELD, orderedMatchesSteps, pageOf, RecordList, type ExecutableQuery, type QueryResult } from './execute.ts'
import { touchFresh } from './fresh-memory.ts'
import { RECORDS_PER_STEP, runToEnd, type Steps } from './steps.ts'
import type { ColumnIndex } from './column-index.ts'
import type { StoredTable } from './table.ts'

export function executeDistinct(table: StoredTable, query: ExecutableQuery, positions: readonly number[]): QueryResult {
  return runToEnd(executeDistinctSteps(table, query, positions))
}

/** The same in steps (yields every few thousand records). */
export function* executeDistinctSteps(table: StoredTable, query: ExecutableQuery, positions: readonly number[]): Steps<QueryResult> {
  // a row that carries `_id` is unique by itself
  if (positions.includes(ID_FIELD)) return yield* executeQuerySteps(table, query)
  const matches = yield* orderedMatchesSteps(table, query)
  const firsts = yield* firstOfEachRow(table, matches, positions)
  return {
    records: yield* pageOf(firsts, query.offset, query.offset + query.limit),
    total: query.includeTotal ? firsts.length : undefined,
  }
}

function* firstOfEachRow(table: StoredTable, records: Int32Array, positions: readonly number[]): Steps<Int32Array> {
  const columns: ColumnIndex[] = []
  for (const position of positions) columns.push(yield* table.columnIndexSteps(position))
  const firsts = new RecordList(records.length)
  if (columns.length === 1) {
    const { codes, valueCount } = columns[0]!
    const seen = new Uint8Array(valueCount)
    for (let i = 0; i < records.length; i++) {
      if ((i & (RECORDS_PER_STEP - 1)) === RECORDS_PER_STEP - 1) yield
      const record = records[i] as number
      const code = codes[record] as number
      if (seen[code] === 0) {
        seen[code] = 1
        firsts.push(record)
      }
    }
    return firsts.records()
  }
  // one number per combination of codes while it fits in a double's integers, else a text key
  const radices = columns.map((column) => column.valueCount)
  const numeric = radices.reduce((product, radix) => product * radix, 1) <= Number.MAX_SAFE_INTEGER
  // a set sized for every record at once: a growing Set rehashes up to a million keys in one go
  const seen = numeric ? new NumberSet(records.length) : new Set<string>()
  // its slots are written at random: mapped in order first, a step at a time
  if (seen instanceof NumberSet) yield* touchFresh(seen.slots)
  for (let i = 0; i < records.length; i++) {
    if ((i & 0xfff) === 0xfff) yield
    const record = records[i] as number
    let added: boolean
    if (seen instanceof NumberSet) {
      let key = 0
      for (let c = 0; c < columns.length; c++) key = key * (radices[c] as number) + (columns[c]!.codes[record] as number)
      added = seen.add(key)
    } else {
      const key = columns.map((column) => column.codes[record] as number).join(',')
      added = !seen.has(key)
      if (added) seen.add(key)
    }
    if (added) firsts.push(record)
  }
  return firsts.records()
}

/** A set of non-negative integers below 2^53, sized once for at most `capacity` of them (open addressing). */
export class NumberSet {
  readonly slots: Float64Array
  private readonly mask: number

  constructor(capacity: number) {
    let size = 16
    while (size < capacity * 2) size *= 2
    // slot value 0 is free: keys are stored plus one
    this.slots = new Float64Array(size)
    this.mask = size - 1
  }

  /** Adds a key; false when it was there already. */
  add(key: number): boolean {
    const stored = key + 1
    let slot = (Math.imul(key | 0, 0x9e3779b1) ^ Math.imul((key / 0x100000000) | 0, 0x85ebca6b)) & this.mask
    for (;;) {
      const held = this.slots[slot] as number
      if (held === 0) {
        this.slots[slot] = stored
        return true
      }
      if (held === stored) return false
      slot = (slot + 1) & this.mask
    }
  }
}
