// What a click on a column's sort button does to the sort keys. Pure.
import type { SortKey } from '../../query/types.ts'

/**
 * Plain click: sort by this column only, cycling ascending → descending → unsorted.
 * Shift-click: add this column as the next key, or cycle it in place (descending → removed).
 */
export function toggleSort(sort: readonly SortKey[], field: string, multi: boolean): SortKey[] {
  const current = sort.find((key) => key.field === field)
  const next: SortKey | undefined =
    current === undefined ? { field, direction: 'asc' } : current.direction === 'asc' ? { field, direction: 'desc' } : undefined
  if (!multi) {
    const onlyThis = sort.length === 1 && current !== undefined
    if (current !== undefined && !onlyThis) return [{ field, direction: 'asc' }]
    return next === undefined ? [] : [next]
  }
  if (current === undefined) return [...sort, { field, direction: 'asc' }]
  return sort.flatMap((key) => (key.field === field ? (next === undefined ? [] : [next]) : [key]))
}

export type AriaSort = 'ascending' | 'descending'

export function ariaSortOf(sort: readonly SortKey[], field: string): AriaSort | undefined {
  const primary = sort[0]
  if (primary === undefined || primary.field !== field) return undefined
  return primary.direction === 'asc' ? 'ascending' : 'descending'
}
