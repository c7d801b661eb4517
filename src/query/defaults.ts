// The query a first visit starts with, and the limits every module agrees on.
import type { QueryState } from './types.ts'

import { COURSES_RESOURCE_ID, DEMO_BASE_URL } from '../demo/metadata.ts'

/** Where demo requests are addressed (answered by the engine in the worker, never the network). */
export { DEMO_BASE_URL }

/** Above this the server silently clamps `limit` (api.md). */
export const SERVER_MAX_LIMIT = 32000

/**
 * Demo first, on the courses resource (the seed's `subject` and `stage` fields), 100 records: the
 * server's own default, written out so the form shows it. The live base URL points at `npm run api`
 * on this machine, which serves the same resources.
 */
export const DEFAULT_QUERY: Readonly<QueryState> = Object.freeze({
  source: 'demo',
  baseUrl: DEMO_BASE_URL,
  resourceId: COURSES_RESOURCE_ID,
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
