// Where the grid's sort runs, decided honestly. Pure.
import type { QueryState, SortKey } from '../query/types.ts'
import { encodeQuery } from '../query/url-codec.ts'
import type { SearchData } from './search-types.ts'

/** Every record that matches is loaded (the total is known and equals what came back). */
export function isComplete(data: SearchData | undefined): boolean {
  return data !== undefined && data.total !== undefined && !data.totalWasEstimated && data.total === data.records.length
}

/** The query as sent: a browser-side sort is not part of the request. */
export function requestQuery(query: QueryState): QueryState {
  return query.sortOn === 'browser' ? { ...query, sort: [] } : query
}

/** A new grid sort: sorted in the browser when the loaded result is complete, else by the server. */
export function withSort(query: QueryState, sort: SortKey[], loaded: SearchData | undefined): QueryState {
  // An SQL answer is sorted in the browser: its statement says what it holds (ORDER BY is the server's).
  return { ...query, sort, sortOn: sort.length === 0 || isComplete(loaded) || query.sql !== undefined ? 'browser' : 'server' }
}

const withoutSort = (query: QueryState) => encodeQuery({ ...query, sort: [], sortOn: 'browser', widths: undefined, pinned: undefined })

/** Same records asked for, whatever the sort and the column layout: a browser sort can stay a browser sort. */
export function sameSearch(a: QueryState, b: QueryState): boolean {
  return withoutSort(a) === withoutSort(b)
}

/** A query run from the form keeps a browser sort only when it asks for the same records again. */
export function sortPlaceForRun(next: QueryState, previous: QueryState): QueryState {
  if (next.sort.length === 0 || next.sql !== undefined) return { ...next, sortOn: 'browser' }
  return { ...next, sortOn: sameSearch(next, previous) ? previous.sortOn : 'server' }
}
