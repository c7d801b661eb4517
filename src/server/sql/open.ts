// `--sql`: the SqlStore behind `datastore_search_sql`, on the PostgreSQL store (`--database`) or on the
// in-memory default (an embedded PostgreSQL in a worker thread).
import type { Catalog, SqlStore } from '../../engine/index.ts'
import type { SqlOptions } from '../options.ts'
import type { PostgresServing } from '../postgres/serve.ts'
import { openPostgresSql } from '../postgres/sql-store.ts'
import { PgliteSqlStore } from './pglite-store.ts'

export interface ServerSqlStore extends SqlStore {
  close(): Promise<void>
}

export async function openSqlStore(options: SqlOptions, catalog: Catalog, postgres: PostgresServing | undefined, schema = 'public'): Promise<ServerSqlStore> {
  if (postgres === undefined) {
    const store = new PgliteSqlStore(catalog, { ...options, log: console.info })
    store.warm()
    return store
  }
  return openPostgresSql(postgres.pool, schema, catalog, options)
}
