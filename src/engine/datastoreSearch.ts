// `datastore_search` without HTTP: validate the parameters, resolve and authorise the resource,
// run the search and build CKAN's envelope (success or error) with its HTTP status.

import type { Catalog } from './catalog.ts'

export interface SearchContext {
  /** The raw `Authorization` header value, if any. */
  token?: string | null
  /** Tokens that grant every private resource. */
  tokens: readonly string[]
  /** Path of the request, e.g. `/data/api/action/datastore_search` (for `_links` and `help`). */
  requestPath?: string
  /** Query string of the request without `?` (for `_links`; empty for POST). */
  requestQuery?: string
  /** Origin of the request, e.g. `http://127.0.0.1:8800` (for the absolute `help` URL). */
  origin?: string
}

export interface SearchOutcome {
  status: number
  body: unknown
}

export async function datastoreSearch(_catalog: Catalog, _params: unknown, _context: SearchContext): Promise<SearchOutcome> {
  return { status: 500, body: { success: false } }
}
