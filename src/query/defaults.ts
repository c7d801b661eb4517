// The query a first visit starts with, and the limits every module agrees on.
import type { QueryState } from './types.ts'

// TODO(demo): import DEMO_BASE_URL and the courses id from '../demo/resources-meta.ts' once it lands.
/** Where demo requests are addressed (answered by the engine in the worker, never the network). */
export const DEMO_BASE_URL = 'http://127.0.0.1:8800/data'
/** The bundled demo resource with the seed's `subject` and `stage` fields. */
export const DEMO_COURSES_RESOURCE_ID = 'd2a1e7a0-6b0c-4e55-9a57-2f3c5c1f1e01'

/** Above this the server silently clamps `limit` (api.md). */
export const SERVER_MAX_LIMIT = 32000

/**
 * Demo first, on the courses resource, 100 records: enough to hold the whole small resource so the
 * grid can sort it in the browser at once. The live base URL points at `npm run api` on this machine.
 */
export const DEFAULT_QUERY: Readonly<QueryState> = Object.freeze({
  source: 'demo',
  baseUrl: DEMO_BASE_URL,
  resourceId: DEMO_COURSES_RESOURCE_ID,
  limit: 100,
  q: '',
  filters: [],
  method: 'POST',
  sort: [],
  sortOn: 'browser',
  offset: 0,
  fields: undefined,
})

/** A fresh, mutable copy of the default query. */
export function defaultQuery(): QueryState {
  return { ...DEFAULT_QUERY, filters: [], sort: [] }
}
