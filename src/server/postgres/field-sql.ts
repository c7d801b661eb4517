// How one field of the engine's types lives in PostgreSQL: its column type, the SQL expression of its
// cell text (cell-text.ts: what `q` searches, `filters` compare and records carry), its sort keys,
// and which filter texts can equal a cell of it (converted to bound typed parameters).
//
// The cell text must equal the engine's for every value the loaders write:
//   text -> the value; int4/int8 -> ::text; numeric -> trim_scale()::text (JS writes 1.50 as 1.5);
//   bool -> 'true'/'false'; date -> YYYY-MM-DD; timestamp -> YYYY-MM-DDTHH:MM:SS[.ffffff];
//   json -> the stored `json` text, which PostgreSQL keeps exactly as written (JSON.stringify's).
import type { FieldType } from '../../engine/index.ts'
import { ident } from './sql-names.ts'

export const PG_TYPE: Record<FieldType, string> = {
  int: 'integer',
  int4: 'integer',
  int8: 'bigint',
  numeric: 'numeric',
  float8: 'double precision',
  text: 'text',
  bool: 'boolean',
  date: 'date',
  timestamp: 'timestamp',
  json: 'json',
}

/** The engine type of a PostgreSQL column type (`pg_type.typname`), or undefined when not served. */
export function fieldTypeOf(typname: string): FieldType | undefined {
  switch (typname) {
    case 'int2':
    case 'int4':
      return 'int4'
    case 'int8':
      return 'int8'
    case 'numeric':
      return 'numeric'
    case 'float4':
    case 'float8':
      return 'float8'
    case 'text':
    case 'varchar':
    case 'bpchar':
    case 'name':
      return 'text'
    case 'bool':
      return 'bool'
    case 'date':
      return 'date'
    case 'timestamp':
      return 'timestamp'
    case 'json':
    case 'jsonb':
      return 'json'
    default:
      return undefined
  }
}

export const TEXT_COLLATION = '"en-x-icu"'

/** The SQL text of a cell (null for null). */
export function textExpression(name: string, type: FieldType): string {
  const column = ident(name)
  switch (type) {
    case 'text':
      return column
    case 'numeric':
      return `trim_scale(${column})::text`
    case 'date':
      return `to_char(${column}, 'YYYY-MM-DD')`
    case 'timestamp':
      return `(to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS') || CASE WHEN date_trunc('second', ${column}) = ${column} THEN '' ELSE to_char(${column}, '.US') END)`
    default:
      return `${column}::text`
  }
}

/** ORDER BY terms for one clause: text by the shared collation, then code points (collation.ts). */
export function sortTerms(name: string, type: FieldType, descending: boolean, nullsFirst: boolean): string[] {
  const direction = `${descending ? 'DESC' : 'ASC'} NULLS ${nullsFirst ? 'FIRST' : 'LAST'}`
  const column = ident(name)
  if (type === 'text') return [`${column} COLLATE ${TEXT_COLLATION} ${direction}`, `${column} COLLATE "C" ${direction}`]
  if (type === 'json') return [`${column}::text COLLATE ${TEXT_COLLATION} ${direction}`, `${column}::text COLLATE "C" ${direction}`]
  return [`${column} ${direction}`]
}

const CANONICAL_DATE = /^\d{4}-\d{2}-\d{2}$/
const CANONICAL_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{6})?$/

function isCanonicalNumber(text: string): boolean {
  const value = Number(text)
  return text.trim() !== '' && Number.isFinite(value) && String(value) === text
}

function isValidDate(text: string): boolean {
  const time = Date.parse(`${text.slice(0, 10)}T00:00:00Z`)
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text.slice(0, 10)
}

/**
 * A filter on one field as SQL with one bound array parameter `$n`: the filter texts that can be the
 * cell text of a value of that type, in its own type, so a btree index on the column serves it.
 * Texts no cell can have are dropped (an empty list matches nothing, as in the engine).
 */
export function filterCondition(name: string, type: FieldType, texts: readonly string[], parameter: string): { sql: string; value: unknown[] } {
  const column = ident(name)
  switch (type) {
    case 'text':
      return { sql: `${column} COLLATE ${TEXT_COLLATION} = ANY(${parameter}::text[])`, value: [...texts] }
    case 'int':
    case 'int4':
    case 'int8':
      return { sql: `${column} = ANY(${parameter}::int8[])`, value: texts.filter((text) => isCanonicalNumber(text) && Number.isSafeInteger(Number(text))) }
    case 'numeric':
      return { sql: `${column} = ANY(${parameter}::numeric[])`, value: texts.filter(isCanonicalNumber) }
    case 'float8':
      return { sql: `${column} = ANY(${parameter}::float8[])`, value: texts.filter(isCanonicalNumber) }
    case 'bool':
      return { sql: `${column} = ANY(${parameter}::boolean[])`, value: texts.filter((text) => text === 'true' || text === 'false') }
    case 'date':
      return { sql: `${column} = ANY(${parameter}::date[])`, value: texts.filter((text) => CANONICAL_DATE.test(text) && isValidDate(text)) }
    case 'timestamp':
      return {
        sql: `${column} = ANY(${parameter}::timestamp[])`,
        value: texts.filter((text) => CANONICAL_TIMESTAMP.test(text) && isValidDate(text) && !text.endsWith('.000000') && validTime(text)),
      }
    case 'json':
      return { sql: `${column}::text = ANY(${parameter}::text[])`, value: [...texts] }
  }
}

function validTime(text: string): boolean {
  const [hours, minutes, seconds] = [Number(text.slice(11, 13)), Number(text.slice(14, 16)), Number(text.slice(17, 19))]
  return hours <= 23 && minutes <= 59 && seconds <= 59
}
