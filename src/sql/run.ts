// One `datastore_search_sql` statement, with every safety layer, over any PostgreSQL connection
// (PGlite in a worker, or a client of the server's pool). The layers, in order:
//   parse  PostgreSQL's parser: one SELECT, nothing that writes or locks, allowed functions only;
//   read   a READ ONLY transaction, rolled back at the end whatever happened;
//   role   SET LOCAL ROLE to a role that may only SELECT the resources the caller may read (before
//          EXPLAIN too, so that even planning sees no table the caller may not read);
//   plan   the relations of EXPLAIN (VERBOSE, FORMAT JSON): no system table, only readable resources;
//   rows   LIMIT rowsMax + 1 around the statement (the extra row only says `records_truncated`).
// Round trips: the transaction's opening (BEGIN, settings, role: none of it the caller's text) goes in
// one message where the connection can send several statements; EXPLAIN's tables may come from a
// cache the caller owns (`planCache`, emptied by the caller whenever its tables change); the statement;
// ROLLBACK. The caller's text always travels alone, by the extended protocol.
// The statement timeout is the connection's (PostgreSQL's statement_timeout, or a worker that is
// terminated); a cancelled statement (57014) answers `Query took too long`. `layers` turns single
// layers off, for tests that show each one stops the hostile statements alone.

import type { SqlOutcome, SqlRequest, SqlValue } from '../engine/index.ts'
import { valueDecoder } from './answer-values.ts'
import { ident } from './load.ts'
import { MESSAGES } from './messages.ts'
import { checkStatement } from './parse-check.ts'
import { planRelations, relationRefusal, type PlanCache } from './plan-tables.ts'
import { BUILTIN_TYPE_NAMES } from './type-names.ts'

/** What a connection answers: column names and type OIDs, and every value as PostgreSQL's text. */
export interface TextResult {
  fields: { name: string; typeOid: number }[]
  rows: (string | null)[][]
}

/** One session. `query` runs one statement (extended protocol: never several) and throws PostgreSQL's errors. */
export interface SqlConnection {
  query(text: string): Promise<TextResult>
  /**
   * Several statements in one round trip (the simple protocol), for runSql's own fixed statements only,
   * never the caller's text. Without it they are sent one by one.
   */
  execMany?(statements: readonly string[]): Promise<void>
}

export type SqlLayer = 'parse' | 'read' | 'plan' | 'role' | 'rows'

export interface SqlRunOptions {
  /** The schema the resource tables are scanned in (EXPLAIN names it). */
  servedSchema: string
  /** The schemas searched for unqualified table names (where the tables, or their views, are). */
  searchPath: string
  /** The role for callers without a token (SELECT on public resources) and with one (SELECT on all). */
  roles: { public: string; privileged: string }
  rowsMax: number
  /** Extra settings for the transaction, by name (e.g. `statement_timeout` on PostgreSQL). */
  settings?: Readonly<Record<string, string>>
  /** Layers switched off (tests only). */
  without?: ReadonlySet<SqlLayer>
  /**
   * EXPLAIN's relations by statement text, kept by a caller whose tables, views and search path stay
   * as they are between statements; the caller empties it whenever they change. The relations found
   * are still checked against each caller's readable set, and the statement still runs under the role.
   */
  planCache?: PlanCache
}

/** The output formats answer-values.ts reads, and string literals as the parser layer reads them. */
const SESSION_SETTINGS: Readonly<Record<string, string>> = {
  DateStyle: 'ISO, YMD',
  TimeZone: 'UTC',
  IntervalStyle: 'iso_8601',
  extra_float_digits: '1',
  standard_conforming_strings: 'on',
}

const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`

/** Every setting for this transaction only, in one round trip. */
function settingsStatement(settings: Readonly<Record<string, string>>): string {
  return `SELECT ${Object.entries(settings).map(([name, value]) => `set_config(${literal(name)}, ${literal(value)}, true)`).join(', ')}`
}

interface PgError {
  code?: string
  message: string
  position?: string | number
}

function pgError(error: unknown): PgError | undefined {
  if (!(error instanceof Error)) return undefined
  const { code, position } = error as { code?: unknown; position?: unknown }
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return undefined
  return { code, message: error.message, ...(typeof position === 'string' || typeof position === 'number' ? { position } : {}) }
}

export async function runSql(connection: SqlConnection, request: SqlRequest, options: SqlRunOptions): Promise<SqlOutcome> {
  const on = (layer: SqlLayer): boolean => !(options.without?.has(layer) ?? false)
  let statement = request.sql.replace(/;\s*$/, '')
  let offset = 0
  if (on('parse')) {
    const checked = await checkStatement(request.sql)
    if (!checked.ok) return { kind: checked.kind, message: checked.message, ...(checked.position === undefined ? {} : { position: checked.position }) }
    statement = checked.statement
    offset = checked.offset
  }
  // an error's position counts from the start of what was run; the caller's SQL starts after `prefix`
  let prefix = ''
  try {
    const opening = [on('read') ? 'BEGIN READ ONLY' : 'BEGIN', settingsStatement({ ...SESSION_SETTINGS, ...options.settings, search_path: options.searchPath })]
    if (on('role')) opening.push(`SET LOCAL ROLE ${ident(request.privileged ? options.roles.privileged : options.roles.public)}`)
    if (connection.execMany) await connection.execMany(opening)
    else for (const text of opening) await connection.query(text)
    if (on('plan')) {
      const key = `${options.searchPath}\u0000${statement}`
      let relations = options.planCache?.get(key)
      if (relations === undefined) {
        prefix = 'EXPLAIN (VERBOSE, FORMAT JSON) '
        const plan = await connection.query(prefix + statement)
        relations = planRelations(plan.rows[0]?.[0] ?? '[]')
        options.planCache?.set(key, relations)
      }
      const refusal = relationRefusal(relations, options.servedSchema, request.readable)
      if (refusal !== undefined) return { kind: 'forbidden', message: refusal }
    }
    // as CKAN: the statement as a sub-query under LIMIT n + 1 (a cursor would keep PostgreSQL from
    // planning it in parallel); the line breaks keep a trailing `--` comment off the closing parenthesis
    prefix = 'SELECT * FROM (\n'
    const limit = on('rows') ? ` LIMIT ${options.rowsMax + 1}` : ''
    const result = await connection.query(`${prefix}${statement}\n) AS datastore_search_sql${limit}`)
    const typeNames = await namesOf(connection, result.fields.map((field) => field.typeOid))
    return shapeAnswer(result, typeNames, options.rowsMax, on('rows'))
  } catch (error) {
    const pg = pgError(error)
    if (pg === undefined) throw error
    if (pg.code === '57014') return { kind: 'invalid', message: MESSAGES.tooLong }
    if (pg.code === '42501') return { kind: 'forbidden', message: MESSAGES.resourceRefused }
    const position = pg.position === undefined ? undefined : Number(pg.position) - prefix.length + offset
    return { kind: 'invalid', message: pg.message, ...(position !== undefined && position > 0 ? { position } : {}) }
  } finally {
    await connection.query('ROLLBACK').catch(() => undefined)
  }
}

async function namesOf(connection: SqlConnection, oids: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>()
  const unknown = new Set<number>()
  for (const oid of oids) {
    const name = BUILTIN_TYPE_NAMES.get(oid)
    if (name === undefined) unknown.add(oid)
    else names.set(oid, name)
  }
  if (unknown.size > 0) {
    const { rows } = await connection.query(`SELECT oid::int8::text, typname::text FROM pg_catalog.pg_type WHERE oid IN (${[...unknown].join(', ')})`)
    for (const [oid, name] of rows) names.set(Number(oid), name ?? 'unknown')
  }
  return names
}

function shapeAnswer(result: TextResult, typeNames: ReadonlyMap<number, string>, rowsMax: number, limited: boolean): SqlOutcome {
  const fields = result.fields.map((field) => ({ id: field.name, type: typeNames.get(field.typeOid) ?? 'unknown' }))
  const decoders = fields.map((field) => valueDecoder(field.type))
  const truncated = limited && result.rows.length > rowsMax
  const rows = truncated ? result.rows.slice(0, rowsMax) : result.rows
  const records = rows.map((row) => {
    const record: Record<string, SqlValue> = {}
    fields.forEach((field, index) => {
      const text = row[index]
      Object.defineProperty(record, field.id, { value: text === null || text === undefined ? null : decoders[index]!(text), enumerable: true, writable: true, configurable: true })
    })
    return record
  })
  return { kind: 'answer', fields, records, truncated }
}
