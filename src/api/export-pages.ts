// The whole result of a query, page by page: the same builder, transport and parser as a search,
// with offset paging. Pure of React; the export feature turns each page into a piece of a file.
import type { QueryState } from '../query/types.ts'
import { fetchDatastoreSearch, type SearchDeps } from './datastore-search.ts'
import type { DatastoreField, DatastoreRecord } from './parse-response.ts'

export interface ExportPage {
  /** The fields of the answer (the first page's; later pages carry the same). */
  fields: DatastoreField[]
  records: DatastoreRecord[]
  /** Records handed out so far, this page included. */
  done: number
  /** The number of matching records when the server said it (first page); capped by nothing. */
  total?: number
  totalWasEstimated?: boolean
}

export interface ExportPagingOptions {
  pageSize: number
  /** Never more than this many records, however many match. */
  maxRecords: number
  signal?: AbortSignal
}

/**
 * The query as one export page asks it: the same records (q, filters, fields) in the same order (a
 * browser-side grid sort is sent to the server so the file has the order shown), from `offset`.
 */
export function exportPageQuery(query: QueryState, offset: number, limit: number): QueryState {
  return { ...query, sortOn: query.sort.length > 0 ? 'server' : query.sortOn, offset, limit }
}

/** Every matching record up to `maxRecords`, one page at a time; stops early when aborted. */
export async function* exportPages(query: QueryState, deps: SearchDeps, options: ExportPagingOptions): AsyncGenerator<ExportPage> {
  const { pageSize, maxRecords, signal } = options
  let done = 0
  let fields: DatastoreField[] | undefined
  let total: number | undefined
  let totalWasEstimated: boolean | undefined
  while (done < maxRecords) {
    signal?.throwIfAborted()
    const limit = Math.min(pageSize, maxRecords - done)
    const { result } = await fetchDatastoreSearch(exportPageQuery(query, done, limit), deps, signal)
    if (fields === undefined) {
      fields = result.fields
      total = result.total
      totalWasEstimated = result.totalWasEstimated
    }
    // A server that clamps the limit below the page size still pages correctly by what it returned.
    const records = result.records.slice(0, limit)
    done += records.length
    yield { fields, records, done, total, totalWasEstimated }
    const exhausted = records.length === 0 || records.length < Math.min(limit, result.limit ?? limit)
    if (exhausted || (total !== undefined && !totalWasEstimated && done >= total)) return
  }
}
