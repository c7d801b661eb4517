// Sorting a complete result in the browser: numbers numerically, text by locale collation, nulls
// last ascending and first descending (as the reference engine orders them). Pure.
// TODO: use src/api's local sort helper once it exists, so one module owns the order.
import type { SortKey } from '../query/types.ts'
import type { SearchField } from './search-types.ts'

const collator = new Intl.Collator(undefined, { numeric: true })

export function sortRecords(records: Record<string, unknown>[], fields: readonly SearchField[], sort: readonly SortKey[]): Record<string, unknown>[] {
  const numeric = new Set(fields.filter((f) => /^(int|numeric|float)/.test(f.type)).map((f) => f.id))
  return records.toSorted((a, b) => {
    for (const key of sort) {
      const x = a[key.field]
      const y = b[key.field]
      if (x === y) continue
      if (x === null || x === undefined) return key.direction === 'asc' ? 1 : -1
      if (y === null || y === undefined) return key.direction === 'asc' ? -1 : 1
      const order = numeric.has(key.field) ? Number(x) - Number(y) : collator.compare(String(x), String(y))
      if (order !== 0) return key.direction === 'asc' ? order : -order
    }
    return 0
  })
}
