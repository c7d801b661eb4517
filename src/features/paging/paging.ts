// Offset paging as numbers: which records a page holds and where the neighbouring pages start. Pure.
import { formatCount } from '../../query/locale-format.ts'

/** The page sizes offered; the page size is the request's `limit`. */
export const PAGE_SIZES: readonly number[] = [25, 50, 100, 250, 1000]

/** What the server returns when no `limit` is sent (api.md). */
export const SERVER_DEFAULT_LIMIT = 100

export interface PageInput {
  offset: number
  /** `undefined`: not sent, the server's default applies. */
  limit: number | undefined
  /** Records in this answer. */
  shown: number
  total?: number
  totalEstimated?: boolean
}

export interface PageView {
  /** 1-based position of the first record shown (0 when the page is empty). */
  first: number
  /** 1-based position of the last record shown (0 when the page is empty). */
  last: number
  pageSize: number
  hasPrevious: boolean
  hasNext: boolean
  previousOffset: number
  nextOffset: number
}

export function pageView({ offset, limit, shown, total, totalEstimated }: PageInput): PageView {
  const pageSize = limit ?? SERVER_DEFAULT_LIMIT
  const exactTotal = total !== undefined && !totalEstimated ? total : undefined
  // Without an exact total, a full page is the only sign that more records may follow.
  const moreAfter = exactTotal !== undefined ? offset + shown < exactTotal : shown > 0 && shown >= pageSize
  return {
    first: shown > 0 ? offset + 1 : 0,
    last: offset + shown,
    pageSize,
    hasPrevious: offset > 0 && pageSize > 0,
    hasNext: pageSize > 0 && moreAfter,
    previousOffset: Math.max(0, offset - pageSize),
    nextOffset: offset + pageSize,
  }
}

/** The offset after a page-size change: the page that holds the first record shown so far. */
export function offsetForPageSize(offset: number, pageSize: number): number {
  return pageSize > 0 ? Math.floor(offset / pageSize) * pageSize : 0
}

/** The sizes to offer: the standard ones plus the current limit when it is another number. */
export function pageSizeChoices(current: number): number[] {
  return PAGE_SIZES.includes(current) ? [...PAGE_SIZES] : [...PAGE_SIZES, current].toSorted((a, b) => a - b)
}


/** "Records 101–200 of 48,210" (≈ before an estimated total). */
export function rangeText(view: PageView, total: number | undefined, totalEstimated: boolean | undefined): string {
  const of = total === undefined ? '' : ` of ${totalEstimated ? '≈' : ''}${formatCount(total)}`
  if (view.first === 0) return `No records on this page${of === '' ? '' : ` (${of.trim()})`}`
  return `Records ${formatCount(view.first)}–${formatCount(view.last)}${of}`
}

/** The records asked for, whatever page, sort or columns: what decides whether paging still applies. */
export interface PagedSearch {
  source: string
  baseUrl: string
  resourceId: string
  limit: number | undefined
  q: string
  filters: readonly { field: string; values: readonly string[] }[]
}

function searchKey(search: PagedSearch): string {
  return JSON.stringify([search.source, search.baseUrl, search.resourceId.trim(), search.limit ?? null, search.q, search.filters])
}

/** A query run from the form stays on its page only when it asks for the same records; else page 1. */
export function offsetForRun(next: PagedSearch & { offset: number }, previous: PagedSearch): number {
  return searchKey(next) === searchKey(previous) ? next.offset : 0
}
