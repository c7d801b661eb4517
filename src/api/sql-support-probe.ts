// The request that tells whether a server offers `datastore_search_sql`, and how its answer is read
// (see sql-support.ts, which loads this module with the first question).
import { buildSqlRequest } from '../query/request-builder.ts'
import { isJsonObject, parseBody, plainText, shorten, type JsonValue } from './body-text.ts'
import type { SqlSupport, SqlSupportDeps, SqlSupportTarget } from './sql-support.ts'
import { TransportError, type RawResponse } from './transport.ts'

const PROBE_TIMEOUT_MS = 15_000
/** Reads no table and calls no function: any server that offers SQL answers it. */
const PROBE_SQL = 'SELECT 1'

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
