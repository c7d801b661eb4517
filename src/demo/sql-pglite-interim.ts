// INTERIM stand-in for the shared SQL module (the server's checks, table layout and answer shaping):
// only enough to run a statement in a read-only transaction and shape its rows, so the demo's SQL mode
// works end to end until that module is here. It holds none of the server's safety layers (allow-list,
// parser check): replace it by the shared module, never grow it into a second copy of its rules.
import { types, type PGlite } from '@electric-sql/pglite'
import { cellToText, type CellValue, type FieldInfo } from '../engine/index.ts'
import type { SqlAnswer, SqlStore } from './sql-store.ts'

const ROWS_MAX = 32_000

const TYPE_NAMES: Record<number, string> = {
  16: 'bool', 18: 'char', 19: 'name', 20: 'int8', 21: 'int2', 23: 'int4', 25: 'text', 114: 'json', 700: 'float4', 701: 'float8',
  1043: 'varchar', 1082: 'date', 1083: 'time', 1114: 'timestamp', 1184: 'timestamptz', 1186: 'interval', 1700: 'numeric',
  3802: 'jsonb', 2950: 'uuid', 1000: '_bool', 1005: '_int2', 1007: '_int4', 1009: '_text', 1016: '_int8', 1021: '_float4', 1022: '_float8', 1231: '_numeric',
}

const PG_TYPE: Record<string, string> = {
  int: 'int4', int4: 'int4', int8: 'int8', numeric: 'numeric', float8: 'float8', text: 'text', bool: 'bool', date: 'date', timestamp: 'timestamp', json: 'json',
}

const raw = (text: string) => text
const PARSERS = {
  [types.INT8]: Number,
  [types.NUMERIC]: Number,
  [types.DATE]: raw,
  [types.TIMESTAMP]: (text: string) => text.replace(' ', 'T'),
  [types.TIMESTAMPTZ]: (text: string) => text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'),
  [types.JSON]: raw,
  [types.JSONB]: raw,
  [types.INTERVAL]: raw,
  [types.TIME]: raw,
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`

/** A CSV cell for COPY: null is unquoted empty, everything else quoted. */
function csvCell(text: string | null): string {
  return text === null ? '' : `"${text.replace(/"/g, '""')}"`
}

export async function createInterimSqlStore(db: PGlite): Promise<SqlStore> {
  await db.exec(`SET TIME ZONE 'UTC'`)
  return {
    async loadTable(resourceId, fields, pages) {
      const columns = [`"_id" int4`, ...fields.map((field) => `${quoted(field.id)} ${PG_TYPE[field.type] ?? 'text'}`)]
      await db.exec(`CREATE TABLE ${quoted(resourceId)} (${columns.join(', ')})`)
      const all: FieldInfo[] = [{ id: '_id', type: 'int4' }, ...fields]
      for await (const page of pages) {
        const lines = page.map((row) => row.map((value, i) => csvCell(cellToText(all[i], value as CellValue))).join(','))
        await db.query(`COPY ${quoted(resourceId)} FROM '/dev/blob' WITH (FORMAT csv)`, [], { blob: new Blob([lines.join('\n')]) })
      }
    },
    async answer(params): Promise<SqlAnswer> {
      const sql = typeof params === 'object' && params !== null ? (params as { sql?: unknown }).sql : undefined
      if (typeof sql !== 'string' || sql.trim() === '') return refused({ sql: ['Missing value'] })
      const statement = sql.replace(/;\s*$/, '')
      try {
        const result = await db.transaction(async (tx) => {
          await tx.exec('SET TRANSACTION READ ONLY')
          return tx.query<unknown[]>(`SELECT * FROM (${statement}\n) AS answer LIMIT ${ROWS_MAX + 1}`, [], { rowMode: 'array', parsers: PARSERS })
        })
        const names = result.fields.map((field) => field.name)
        const rows = result.rows.slice(0, ROWS_MAX)
        return {
          status: 200,
          body: {
            help: 'datastore_search_sql',
            success: true,
            result: {
              sql,
              records: rows.map((row) => Object.fromEntries(names.map((name, i) => [name, row[i]]))),
              fields: result.fields.map((field) => ({ id: field.name, type: TYPE_NAMES[field.dataTypeID] ?? 'text' })),
              ...(result.rows.length > ROWS_MAX ? { records_truncated: true } : {}),
            },
          },
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        const position = (error as { position?: unknown }).position
        return refused({ query: [withPosition(message, typeof position === 'string' || typeof position === 'number' ? Number(position) : undefined, sql)] })
      }
    },
  }
}

/** psql's `LINE n:` excerpt with a caret, from PostgreSQL's 1-based character position. */
function withPosition(message: string, position: number | undefined, sql: string): string {
  if (position === undefined || !Number.isFinite(position) || position < 1) return message
  const before = [...sql].slice(0, position - 1).join('')
  const line = before.split('\n').length
  const column = Array.from(before.slice(before.lastIndexOf('\n') + 1)).length
  const prefix = `LINE ${line}: `
  return `${message}\n${prefix}${sql.split('\n')[line - 1]}\n${' '.repeat(prefix.length + column)}^`
}

function refused(error: Record<string, string[]>): SqlAnswer {
  return { status: 409, body: { help: 'datastore_search_sql', success: false, error: { __type: 'Validation Error', ...error } } }
}
