import { useMemo } from 'react'
import { sortRecordsLocally } from '../api/local-sort.ts'
import type { DatastoreRecord } from '../api/parse-response.ts'
import type { QueryState } from '../query/types.ts'
import type { SearchData } from './search-types.ts'

// Orders already computed for one answer, by sort: toggling a column back and forth re-sorts nothing.
const MAX_CACHED_ORDERS = 8
const ordersByAnswer = new WeakMap<SearchData, Map<string, DatastoreRecord[]>>()

function sortedOnce(data: SearchData, sort: QueryState['sort']): DatastoreRecord[] {
  const key = JSON.stringify(sort)
  let orders = ordersByAnswer.get(data)
  if (orders === undefined) {
    orders = new Map()
    ordersByAnswer.set(data, orders)
  }
  const cached = orders.get(key)
  if (cached !== undefined) return cached
  const sorted = sortRecordsLocally(data.records, sort, data.fields)
  if (orders.size >= MAX_CACHED_ORDERS) orders.delete(orders.keys().next().value as string)
  orders.set(key, sorted)
  return sorted
}

/** The records in display order: sorted here when the sort runs in the browser, else as the server sent them. */
export function useSortedRecords(data: SearchData | undefined, query: QueryState): DatastoreRecord[] {
  const { sort, sortOn } = query
  return useMemo(() => {
    if (data === undefined) return []
    return sortOn === 'browser' && sort.length > 0 ? sortedOnce(data, sort) : data.records
  }, [data, sort, sortOn])
}
