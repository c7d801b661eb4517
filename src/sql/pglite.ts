// PGlite (PostgreSQL compiled to WASM) as an SQL engine: the server's worker thread and the demo's Web
// Worker both hold one, load the resources with `loadResource`, make the reader roles with
// `grantReaders`, and run statements through `pgliteConnection` and runSql. No Node or DOM API here.

import type { FieldInfo } from '../engine/index.ts'
import { copyText, createTableStatement, ident } from './load.ts'
import type { SqlConnection, SqlRunOptions } from './run.ts'
import { BUILTIN_TYPE_NAMES } from './type-names.ts'

/** The part of PGlite's API used here. */
export interface PgliteLike {
  query(text: string, params?: unknown[], options?: { rowMode?: 'array' | 'object'; parsers?: Record<number, (text: string) => unknown>; blob?: Blob }): Promise<{ rows: unknown[]; fields: { name: string; dataTypeID: number }[] }>
  exec(text: string): Promise<unknown>
  readonly parsers?: Record<number, unknown>
}

/** Where PGlite keeps the resources, and the reader roles: runSql's options for it. */
export const PGLITE_SQL_OPTIONS: Omit<SqlRunOptions, 'rowsMax'> = {
  servedSchema: 'public',
  searchPath: 'public',
  roles: { public: 'datastore_sql_public', privileged: 'datastore_sql_private' },
}

/** A connection whose every value stays PostgreSQL's text (runSql decodes them as CKAN writes them). */
const identity = (text: string): string => text

export function pgliteConnection(db: PgliteLike): SqlConnection {
  const parsers: Record<number, (text: string) => unknown> = {}
  for (const oid of [...Object.keys(db.parsers ?? {}).map(Number), ...BUILTIN_TYPE_NAMES.keys()]) parsers[oid] = identity
  return {
    async query(text) {
      const result = await db.query(text, [], { rowMode: 'array', parsers })
      return { fields: result.fields.map((field) => ({ name: field.name, typeOid: field.dataTypeID })), rows: result.rows as (string | null)[][] }
    },
    async execMany(statements) {
      await db.exec(statements.join(';\n'))
    },
  }
}

/** Rows per COPY while loading: bounds the memory one step holds. */
const COPY_BATCH = 50_000

/**
 * Creates table `"<id>"` with `_id` and the fields, and copies the rows ([_id, cell texts...]) in.
 * `rows(from, to)` gives a slice, so a large resource is never held twice in full.
 */
export async function loadResource(
  db: PgliteLike,
  id: string,
  fields: readonly FieldInfo[],
  size: number,
  rows: (from: number, to: number) => (string | null)[][],
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  await createResourceTable(db, id, fields)
  for (let from = 0; from < size; from += COPY_BATCH) {
    const to = Math.min(size, from + COPY_BATCH)
    await copyRows(db, id, copyText(rows(from, to)))
    onProgress?.(to, size)
  }
  await analyzeTable(db, id)
}

/** Tables past this size are analysed from a smaller sample (the 1,000,000-record demo resource is ~245 MB). */
const SAMPLED_ANALYZE_BYTES = 64 * 1024 * 1024
/**
 * Their statistics target: 3,000 records sampled instead of PostgreSQL's 30,000 (default target 100).
 * ANALYZE reads a block per sampled record, so at the default it read nearly every block of such a
 * table (0.4-0.8 s of PGlite's CPU at 1,000,000 records, 50 ms with this). Statistics guide plans only,
 * never answers; a group's count of a few dozen values is still estimated from every one of them.
 */
const SAMPLED_STATISTICS_TARGET = 10

/** The table's planner statistics, after a load; a sampled ANALYZE for a large table. */
export async function analyzeTable(db: PgliteLike, id: string): Promise<void> {
  const table = ident(id)
  const { rows } = await db.query('SELECT pg_relation_size($1::regclass)::float8 AS bytes', [table])
  const bytes = Number((rows[0] as { bytes?: unknown } | undefined)?.bytes ?? 0)
  // one implicit transaction: the setting is rolled back with it if ANALYZE fails
  if (bytes > SAMPLED_ANALYZE_BYTES) await db.exec(`SET default_statistics_target = ${SAMPLED_STATISTICS_TARGET}; ANALYZE ${table}; RESET default_statistics_target`)
  else await db.exec(`ANALYZE ${table}`)
}

/** loadResource in steps, for a caller that sends the rows from elsewhere: the empty table first. */
export async function createResourceTable(db: PgliteLike, id: string, fields: readonly FieldInfo[]): Promise<void> {
  const table = ident(id)
  await db.exec(`DROP TABLE IF EXISTS ${table}; ${createTableStatement(table, fields)}`)
}

/** Then rows as COPY text (copyText, or CopyTextWriter's UTF-8 bytes), as many times as needed; then analyzeTable. */
export async function copyRows(db: PgliteLike, id: string, text: string | Uint8Array<ArrayBuffer>): Promise<void> {
  await db.query(`COPY ${ident(id)} FROM '/dev/blob'`, [], { blob: new Blob([text]) })
}

/**
 * (Re)makes the two reader roles: one may SELECT the public resources, the other every resource. An
 * alias is a view of its resource (as in CKAN), readable as the resource is.
 */
export async function grantReaders(db: PgliteLike, resources: readonly { id: string; isPrivate: boolean; aliases?: readonly string[] }[]): Promise<void> {
  const { public: publicRole, privileged } = PGLITE_SQL_OPTIONS.roles
  const statements: string[] = []
  for (const role of [publicRole, privileged]) {
    const exists = await db.query(`SELECT 1 FROM pg_roles WHERE rolname = '${role}'`)
    statements.push(exists.rows.length > 0 ? `REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${ident(role)}` : `CREATE ROLE ${ident(role)} NOLOGIN`)
  }
  statements.push(`REVOKE CREATE ON SCHEMA public FROM PUBLIC`)
  for (const { id, isPrivate, aliases = [] } of resources) {
    for (const alias of aliases) statements.push(`DROP VIEW IF EXISTS ${ident(alias)}`, `CREATE VIEW ${ident(alias)} AS SELECT * FROM ${ident(id)}`)
    for (const name of [id, ...aliases]) {
      statements.push(`GRANT SELECT ON ${ident(name)} TO ${ident(privileged)}`)
      if (!isPrivate) statements.push(`GRANT SELECT ON ${ident(name)} TO ${ident(publicRole)}`)
    }
  }
  await db.exec(statements.join(';\n'))
}
