// `distinct`: the distinct rows of the output columns among the matching records. Each distinct row
// is represented by its first matching record in the query's order (sort, or `_id`), so the rows
// come in the order of their first occurrence; offset and limit then page those rows (CKAN 2.12's
// fixed behaviour: 2.11 paged the records before removing duplicates) and `total` counts them.
// Two cells are the same value when their stored texts are equal; nulls equal each other.

import { executeQuery, ID_FIELD, type ExecutableQuery, type QueryResult } from './execute.ts'
import type { StoredTable } from './table.ts'

export function executeDistinct(table: StoredTable, query: ExecutableQuery, positions: readonly number[]): QueryResult {
  // a row that carries `_id` is unique by itself
  if (positions.includes(ID_FIELD)) return executeQuery(table, query)
  const { records: matches } = executeQuery(table, { ...query, offset: 0, limit: table.size, includeTotal: false })
  const firsts = firstOfEachRow(table, matches, positions)
  return {
    records: firsts.slice(query.offset, query.offset + query.limit),
    total: query.includeTotal ? firsts.length : undefined,
  }
}

function firstOfEachRow(table: StoredTable, records: readonly number[], positions: readonly number[]): number[] {
  const columns = positions.map((position) => table.columnIndex(position))
  const firsts: number[] = []
  if (columns.length === 1) {
    const { codes, values } = columns[0]!
    const seen = new Uint8Array(values.length)
    for (const record of records) {
      const code = codes[record] as number
      if (seen[code] === 0) {
        seen[code] = 1
        firsts.push(record)
      }
    }
    return firsts
  }
  // one number per combination of codes while it fits in a double's integers, else a text key
  const radices = columns.map((column) => column.values.length)
  const numeric = radices.reduce((product, radix) => product * radix, 1) <= Number.MAX_SAFE_INTEGER
  const seen = new Set<number | string>()
  for (const record of records) {
    let key: number | string = 0
    if (numeric) {
      for (let c = 0; c < columns.length; c++) key = (key as number) * (radices[c] as number) + (columns[c]!.codes[record] as number)
    } else {
      key = columns.map((column) => column.codes[record] as number).join(',')
    }
    if (!seen.has(key)) {
      seen.add(key)
      firsts.push(record)
    }
  }
  return firsts
}
