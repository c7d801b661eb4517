// `datastore_search_sql` on the PostgreSQL store. At start-up (`--sql`) the served tables get a schema
// of their own for SQL, `<schema>_sql`, holding one view per resource named by its id with `_id` and
// the fields only (no internal column), and two reader roles: one may SELECT the public resources'
// views, the other every resource's view; neither may do anything else. Statements then run through
// the shared safety layers (src/sql/run.ts) on a pool client, under --statement-timeout.
import type { Pool, PoolClient, QueryArrayConfig } from 'pg'
import { StoreUnavailableError, type Catalog, type SqlOutcome, type SqlRequest } from '../../engine/index.ts'
import { runSql, type SqlConnection, type SqlRunOptions } from '../../sql/index.ts'
import type { SqlOptions } from '../options.ts'
import type { ServerSqlStore } from '../sql/open.ts'
import { PostgresStartError } from './serve.ts'
import { ident, tableRef } from './sql-names.ts'
import { isUnavailable } from './store.ts'
import { readTables } from './tables.ts'

/** Where the SQL views and roles of a served schema live. */
export function sqlNames(schema: string): { schema: string; roles: SqlRunOptions['roles'] } {
  return {
    schema: `${schema}_sql`,
    roles: { public: `datastore_sql_${schema}_public`.slice(0, 63), privileged: `datastore_sql_${schema}_private`.slice(0, 63) },
  }
}

const asText = (value: string): string => value

/** Marks the views' schema as made by --sql (the only schema start-up ever drops). */
const SCHEMA_COMMENT = 'datastore_search_sql views, remade at every start of the server with --sql'

/** A pool client as an SqlConnection: values as PostgreSQL's text, one statement per query (extended protocol). */
export function pgConnection(client: PoolClient): SqlConnection {
  return {
    async query(text) {
      const config: QueryArrayConfig & { queryMode: 'extended' } = { text, rowMode: 'array', types: { getTypeParser: () => asText }, queryMode: 'extended' }
      try {
        const result = await client.query<(string | null)[]>(config)
        return { fields: result.fields.map((field) => ({ name: field.name, typeOid: field.dataTypeID })), rows: result.rows }
      } catch (error) {
        if (isUnavailable(error)) throw new StoreUnavailableError('the database is unavailable')
        throw error
      }
    },
  }
}

/** runSql's options for a served schema. */
export function postgresRunOptions(schema: string, options: SqlOptions): SqlRunOptions {
  const names = sqlNames(schema)
  return {
    servedSchema: schema,
    searchPath: ident(names.schema),
    roles: names.roles,
    rowsMax: options.rowsMax,
    settings: { statement_timeout: String(Math.round(options.statementTimeout * 1000)) },
  }
}

export async function openPostgresSql(pool: Pool, schema: string, catalog: Catalog, options: SqlOptions): Promise<ServerSqlStore> {
  const names = sqlNames(schema)
  const setup = await pool.connect()
  try {
    await setup.query('SET statement_timeout = 0')
    await setup.query('BEGIN')
    const tables = await readTables(setup, schema)
    // the views' schema is remade at every start, so one that --sql did not make is never dropped
    const existing = await setup.query<{ comment: string | null }>('SELECT obj_description(oid, \'pg_namespace\') AS comment FROM pg_namespace WHERE nspname = $1', [names.schema])
    if (existing.rows.length > 0 && existing.rows[0]?.comment !== SCHEMA_COMMENT) {
      throw new Error(`schema ${names.schema} exists and was not made by --sql; rename it, or serve another --schema`)
    }
    const statements = [
      `DROP SCHEMA IF EXISTS ${ident(names.schema)} CASCADE`,
      `CREATE SCHEMA ${ident(names.schema)}`,
      `COMMENT ON SCHEMA ${ident(names.schema)} IS '${SCHEMA_COMMENT}'`,
    ]
    for (const role of [names.roles.public, names.roles.privileged]) {
      const { rows } = await setup.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])
      if (rows.length === 0) statements.push(`CREATE ROLE ${ident(role)} NOLOGIN`)
      statements.push(`GRANT ${ident(role)} TO CURRENT_USER`, `GRANT USAGE ON SCHEMA ${ident(names.schema)} TO ${ident(role)}`)
    }
    for (const entry of catalog.list()) {
      const table = tables.get(entry.id)
      if (table === undefined) continue
      const view = tableRef(names.schema, entry.id)
      const columns = ['_id', ...table.fields.map((field) => field.id)].map(ident).join(', ')
      statements.push(`CREATE VIEW ${view} AS SELECT ${columns} FROM ${tableRef(schema, entry.id)}`, `GRANT SELECT ON ${view} TO ${ident(names.roles.privileged)}`)
      if (!entry.isPrivate) statements.push(`GRANT SELECT ON ${view} TO ${ident(names.roles.public)}`)
    }
    for (const statement of statements) await setup.query(statement)
    await setup.query('COMMIT')
  } catch (error) {
    await setup.query('ROLLBACK').catch(() => undefined)
    const reason = error instanceof Error ? error.message : String(error)
    throw new PostgresStartError(reason.includes('was not made by --sql') ? `--sql: ${reason}` : `--sql: cannot make the SQL views and reader roles (the database user needs CREATEROLE and CREATE on the database): ${reason}`)
  } finally {
    await setup.query('RESET statement_timeout').catch(() => undefined)
    setup.release()
  }
  const runOptions = postgresRunOptions(schema, options)
  return {
    async run(request: SqlRequest): Promise<SqlOutcome> {
      let client: PoolClient
      try {
        client = await pool.connect()
      } catch (error) {
        if (isUnavailable(error)) throw new StoreUnavailableError('the database is unavailable')
        throw error
      }
      let broken: Error | undefined
      try {
        return await runSql(pgConnection(client), request, runOptions)
      } catch (error) {
        broken = error instanceof Error ? error : new Error(String(error))
        throw error
      } finally {
        client.release(broken)
      }
    },
    close: async () => undefined,
  }
}
