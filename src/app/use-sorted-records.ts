import { useEffect, useMemo, useState } from 'react'
import type { DatastoreRecord } from '../api/parse-response.ts'
import type { QueryState } from '../query/types.ts'
import type { SearchData } from './search-types.ts'

type SortRecordsLocally = typeof import('../api/local-sort.ts').sortRecordsLocally

// The browser-side sort (the engine's cell text, value index and ranks) is its own chunk, fetched at
// once beside the grid's: the grid waits for both, so sorted records never show unsorted first.
let sortRecordsLocally: SortRecordsLocally | undefined
export const localSortReady: Promise<void> = import('../api/local-sort.ts').then((module) => {
  sortRecordsLocally = module.sortRecordsLocally
})

// Orders already computed for one answer, by sort: toggling a column back and forth re-sorts nothing.
const MAX_CACHED_ORDERS = 8
const ordersByAnswer = new WeakMap<SearchData, Map<string, DatastoreRecord[]>>()

function sortedOnce(data: SearchData, sort: QueryState['sort'], sortLocally: SortRecordsLocally): DatastoreRecord[] {
  const key = JSON.stringify(sort)
  let orders = ordersByAnswer.get(data)
  if (orders === undefined) {
    orders = new Map()
    ordersByAnswer.set(data, orders)
  }
  const cached = orders.get(key)
  if (cached !== undefined) return cached
  const sorted = sortLocally(data.records, sort, data.fields)
  if (orders.size >= MAX_CACHED_ORDERS) orders.delete(orders.keys().next().value as string)
  orders.set(key, sorted)
  return sorted
}

/** The records in display order: sorted here when the sort runs in the browser, else as the server sent them. */
export function useSortedRecords(data: SearchData | undefined, query: QueryState): DatastoreRecord[] {
  const { sort, sortOn } = query
  const [sortLocally, setSortLocally] = useState(() => sortRecordsLocally)
  useEffect(() => {
    if (sortLocally === undefined) void localSortReady.then(() => setSortLocally(() => sortRecordsLocally))
  }, [sortLocally])
  return useMemo(() => {
    if (data === undefined) return []
    return sortOn === 'browser' && sort.length > 0 && sortLocally ? sortedOnce(data, sort, sortLocally) : data.records
  }, [data, sort, sortOn, sortLocally])
}
