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
import { buildSqlRequest } from '../query/request-builder.ts'
import type { Source } from '../query/types.ts'
import { isJsonObject, parseBody, plainText, shorten, type JsonValue } from './body-text.ts'
import { tokenTag } from './datastore-search.ts'
import { TransportError, type RawResponse, type Transport } from './transport.ts'

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
const PROBE_TIMEOUT_MS = 15_000
/** Reads no table and calls no function: any server that offers SQL answers it. */
const PROBE_SQL = 'SELECT 1'

export const sqlSupportKeys = {
  all: ['datastore', 'sql-support'] as const,
  of: (target: SqlSupportTarget, token: string | undefined) => [...sqlSupportKeys.all, target.source, target.source === 'demo' ? '' : target.baseUrl.trim(), { token: tokenTag(token) }] as const,
}

/** TanStack Query options: whether `target` offers `datastore_search_sql` (never throws but for cancelling). */
export function sqlSupportOptions(target: SqlSupportTarget, deps: SqlSupportDeps) {
  return queryOptions<SqlSupport>({
    queryKey: sqlSupportKeys.of(target, deps.token),
    queryFn: ({ signal }) => detectSqlSupport(target, deps, signal),
    retry: false,
    networkMode: 'always',
    staleTime: target.source === 'demo' ? Number.POSITIVE_INFINITY : TEN_MINUTES,
  })
}

export async function detectSqlSupport(target: SqlSupportTarget, deps: SqlSupportDeps, signal?: AbortSignal): Promise<SqlSupport> {
  if (target.source === 'demo') return { offered: true }
  const spec = buildSqlRequest(PROBE_SQL, target.baseUrl.trim(), 'GET', { token: deps.token })
  let raw: RawResponse
  try {
    raw = await deps.transport.send(spec, { signal, timeoutMs: PROBE_TIMEOUT_MS })
  } catch (error) {
    if (signal?.aborted) throw error
    const said = error instanceof TransportError ? error.message : String(error)
    return { offered: false, kind: 'unknown', reason: `Could not ask the server whether it offers SQL: ${said} Check the base URL (a server that refuses cross-origin requests cannot be used from the browser).` }
  }
  return judgeSqlProbe(raw)
}

/** What a probe's answer says (exported for tests): offered, absent, or unknown with what was seen. */
export function judgeSqlProbe(raw: Pick<RawResponse, 'status' | 'bodyText'>): SqlSupport {
  const body = parseBody(raw.bodyText)
  const value: JsonValue | undefined = body.kind === 'json' ? body.value : undefined
  const error = isJsonObject(value) ? value.error : undefined
  // Offered: it answered, or the action exists and refused a parameter (a 409 names one).
  if (raw.status === 409 && isJsonObject(error)) return { offered: true }
  if (raw.status === 200 && isJsonObject(value) && value.success === true) return { offered: true }
  const words = typeof value === 'string' ? value : isJsonObject(error) && typeof error.message === 'string' ? error.message : typeof error === 'string' ? error : shorten(plainText(raw.bodyText), 160)
  if (/action name not known|unknown action|not found/i.test(words) || raw.status === 400 || (raw.status === 404 && body.kind === 'json')) {
    return {
      offered: false,
      kind: 'absent',
      reason: `This server does not offer SQL: it has no datastore_search_sql action (it answered ${raw.status}${words ? `: “${shorten(words, 120)}”` : ''}). CKAN portals turn it on with ckan.datastore.sqlsearch.enabled; the reference server with --sql.`,
    }
  }
  if (raw.status === 403 || raw.status === 401) {
    return { offered: false, kind: 'absent', reason: `This server refuses SQL to this caller (${raw.status}${words ? `: “${shorten(words, 120)}”` : ''}). A token that allows it may help.` }
  }
  return { offered: false, kind: 'unknown', reason: `The server’s answer does not say whether it offers SQL (HTTP ${raw.status}${words ? `: “${shorten(words, 120)}”` : ''}).` }
}
