// The query model: one typed value that says what the user asked for. Pure, no React.

export type Source = 'demo' | 'live'
export type Method = 'POST' | 'GET'
/** Where the grid's sort runs: in the browser (complete results) or on the server (`sort` is sent). */
export type SortOn = 'browser' | 'server'

/** One filter chip group: a field and the values it may take (several values = any of them). */
export interface FilterClause {
  field: string
  values: string[]
}

/** One sort key of the grid, in priority order. */
export interface SortKey {
  field: string
  direction: 'asc' | 'desc'
}

export interface QueryState {
  source: Source
  /** Live API base URL: an origin plus the path before `/api` (none, one or several segments). */
  baseUrl: string
  resourceId: string
  /** `undefined` means "not sent": the server's default (100) applies. */
  limit: number | undefined
  q: string
  /** Several fields combine as all-of; order is the order the user added them. */
  filters: FilterClause[]
  method: Method
  /** The grid's sort, in priority order (shift-click adds keys). */
  sort: SortKey[]
  /** `server`: `sort` is sent with the request; `browser`: the loaded records are sorted locally. */
  sortOn: SortOn
  /** Records skipped before the first returned (paging). */
  offset: number
  /** Visible columns in order (`fields`); `undefined` = all, server order. */
  fields: string[] | undefined
  /**
   * Present: the query is this SQL statement (`datastore_search_sql`), and of the rest only where it
   * goes (source, base URL, method) and the resource it is written about (completion, examples) count.
   */
  sql?: string
  /** Column widths in px the user set (resized columns only); absent = every width guessed. */
  widths?: Record<string, number>
  /** Columns pinned at the start, in pin order; absent = none. */
  pinned?: string[]
}
