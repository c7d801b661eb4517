// One export: every page of the query's result written into a Blob, piece by piece, so the page
// never holds (or builds) one giant string.
import { exportPages } from '../../api/export-pages.ts'
import type { SearchDeps } from '../../api/datastore-search.ts'
import type { QueryState } from '../../query/types.ts'
import { createWriter, MIME_TYPES, type ExportFormat } from './formats.ts'

/** The most records one export writes; the user sees this limit before starting. */
export const EXPORT_MAX_RECORDS = 100_000
/** Records per request: big enough to be quick, small enough that one page parses in a few ms. */
export const EXPORT_PAGE_SIZE = 5_000

export interface ExportProgress {
  done: number
  /** What will be exported in all (matching records up to the limit), when the server said. */
  expected?: number
}

export interface ExportOutcome {
  blob: Blob
  exported: number
  /** Matching records according to the server (may exceed what was exported). */
  total?: number
  totalWasEstimated?: boolean
  /** More records matched than the limit allowed. */
  truncated: boolean
}

export interface ExportOptions {
  signal?: AbortSignal
  onProgress?: (progress: ExportProgress) => void
  maxRecords?: number
  pageSize?: number
}

export async function runExport(query: QueryState, deps: SearchDeps, format: ExportFormat, options: ExportOptions = {}): Promise<ExportOutcome> {
  const maxRecords = options.maxRecords ?? EXPORT_MAX_RECORDS
  const writer = createWriter(format)
  const pieces: Blob[] = []
  let exported = 0
  let total: number | undefined
  let totalWasEstimated: boolean | undefined
  const pages = exportPages(query, deps, { pageSize: options.pageSize ?? EXPORT_PAGE_SIZE, maxRecords, signal: options.signal })
  for await (const page of pages) {
    total = page.total
    totalWasEstimated = page.totalWasEstimated
    const fieldIds = page.fields.map((field) => field.id)
    // One Blob per page: the browser keeps the bytes, the page's string can be collected at once.
    pieces.push(new Blob([writer.page(page.records, fieldIds)]))
    exported = page.done
    options.onProgress?.({ done: exported, expected: total === undefined ? undefined : Math.min(total, maxRecords) })
  }
  pieces.push(new Blob([writer.end()]))
  const truncated = exported >= maxRecords && (total === undefined || totalWasEstimated === true || total > exported)
  return { blob: new Blob(pieces, { type: MIME_TYPES[format] }), exported, total, totalWasEstimated, truncated }
}
