// `datastore_search_sql` without HTTP: the `sql` parameter, which resources the caller may read, and
// CKAN 2.11's envelope around what an `SqlStore` answers. The store (PGlite in a worker, or
// PostgreSQL) owns running the statement and every safety check; the engine owns the request and the
// answer's shape, as for `datastore_search`.

import type { Catalog } from './catalog.ts'
import type { SearchContext } from './datastore-search.ts'
import { isReadable } from './datastore-search.ts'
import { accessDenied, notADictionary, serviceUnavailable, success, validationError, type Outcome } from './envelope.ts'
import { helpUrl } from './links.ts'
import { isPlainObject } from './params.ts'
import { StoreUnavailableError } from './search-query.ts'

/** One column of an SQL answer: its name and PostgreSQL type name (`int8`, `_text`, ...). */
export interface SqlField {
  id: string
  type: string
}

export type SqlValue = string | number | boolean | null | SqlValue[]

export interface SqlRequest {
  /** The statement as sent. */
  sql: string
  /** Resource ids the caller may read (public ones, and private ones with a token that grants them). */
  readable: ReadonlySet<string>
  /** Whether the caller holds a token that grants the private resources. */
  privileged: boolean
}

export type SqlOutcome =
  | { kind: 'answer'; fields: SqlField[]; records: Record<string, SqlValue>[]; truncated: boolean }
  /** 409 `{"query": [message]}`; `position`: 1-based character position in `sql` when PostgreSQL gave one. */
  | { kind: 'invalid'; message: string; position?: number }
  /** 403 `Access denied: <message>`. */
  | { kind: 'forbidden'; message: string }

/** Where SQL runs. Throw StoreUnavailableError when the database is away (503). */
export interface SqlStore {
  run(request: SqlRequest): Promise<SqlOutcome>
}

export async function datastoreSearchSql(catalog: Catalog, params: unknown, context: SearchContext & { sqlStore: SqlStore }): Promise<Outcome> {
  const help = helpUrl(context.origin ?? '', context.requestPath ?? '/api/3/action/datastore_search_sql')
  if (!isPlainObject(params)) return notADictionary(params)
  const sql = params.sql
  if (sql === undefined || sql === null || sql === '') return validationError(help, { sql: ['Missing value'] })
  if (typeof sql !== 'string') return validationError(help, { sql: ['Must be a string'] })
  const readable = new Set(catalog.list().filter((entry) => isReadable(entry, context)).map((entry) => entry.id))
  const privileged = typeof context.token === 'string' && context.tokens.includes(context.token)
  let outcome: SqlOutcome
  try {
    outcome = await context.sqlStore.run({ sql, readable, privileged })
  } catch (error) {
    if (error instanceof StoreUnavailableError) return serviceUnavailable(help, `${error.message}; try again shortly`)
    throw error
  }
  if (outcome.kind === 'forbidden') return accessDenied(help, outcome.message)
  if (outcome.kind === 'invalid') {
    return validationError(help, {
      query: [outcome.message],
      info: { statement: [sql], ...(outcome.position === undefined ? {} : { position: [outcome.position] }) },
    })
  }
  return success(help, {
    sql,
    ...(outcome.truncated ? { records_truncated: true } : {}),
    records: outcome.records,
    fields: outcome.fields,
  })
}
