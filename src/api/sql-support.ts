// Does this server offer SQL (`datastore_search_sql`)? One cheap request says, and when it does not, why.
//
// Use it wherever a feature needs SQL on a live server (the SQL mode, live grouping, ...):
//
//     const support = useQuery(sqlSupportOptions({ source, baseUrl }, { transport: transports.live, token }))
//     if (support.data?.offered) ...               // else support.data.reason says why, in plain words
//
// The request is `GET <base>/api/action/datastore_search_sql?sql=SELECT 1`, a statement that reads
// nothing: a server that offers the action answers it (200; a 409 naming a parameter also proves the
// action is there), one that does not answers 400 `Action name not known` (CKAN, and `npm run api`
// without `--sql`), and 403 says this caller may not use it. The demo always offers SQL (PGlite in the
// browser) and sends nothing. The answer is cached per base URL and token (a portal may open the action
// to some users only), for ten minutes.
import { queryOptions } from '@tanstack/react-query'
import type { Source } from '../query/types.ts'
import { tokenTag } from './datastore-search.ts'
import type { Transport } from './transport.ts'

export type SqlSupport =
  | { offered: true }
  | {
      offered: false
      /** `absent`: the server said it has no such action; `unknown`: no answer told (network, CORS, odd answer). */
      kind: 'absent' | 'unknown'
      /** Why the SQL mode is unavailable, in plain words for the user. */
      reason: string
    }

export interface SqlSupportTarget {
  source: Source
  baseUrl: string
}

export interface SqlSupportDeps {
  /** The live transport (the demo needs none). */
  transport: Transport
  /** Sent as `Authorization` when given; never part of the key. */
  token?: string
}

const TEN_MINUTES = 10 * 60_000

export const sqlSupportKeys = {
  all: ['datastore', 'sql-support'] as const,
  of: (target: SqlSupportTarget, token: string | undefined) => [...sqlSupportKeys.all, target.source, target.source === 'demo' ? '' : target.baseUrl.trim(), { token: tokenTag(token) }] as const,
}

/** TanStack Query options: whether `target` offers `datastore_search_sql` (never throws but for cancelling). */
export function sqlSupportOptions(target: SqlSupportTarget, deps: SqlSupportDeps) {
  return queryOptions<SqlSupport>({
    queryKey: sqlSupportKeys.of(target, deps.token),
    // the probe and its reading load with the first question (the page's first paint needs neither)
    queryFn: async ({ signal }) => (await import('./sql-support-probe.ts')).detectSqlSupport(target, deps, signal),
    retry: false,
    networkMode: 'always',
    staleTime: target.source === 'demo' ? Number.POSITIVE_INFINITY : TEN_MINUTES,
  })
}
