// How one field of the engine's types lives in PostgreSQL: its column type, the SQL expression of its
// cell text (cell-text.ts: what `q` searches, `filters` compare and records carry), its sort keys,
// and which filter texts can equal a cell of it (converted to bound typed parameters).
//
// The cell text must equal the engine's for every value the loaders write (src/sql/cell-text-sql.ts
// owns that rule; json is the stored `json` text, which PostgreSQL keeps exactly as written).
import type { FieldType } from '../../engine/index.ts'
import { cellTextSql } from '../../sql/cell-text-sql.ts'
import { ident } from './sql-names.ts'

export { PG_TYPE } from '../../sql/load.ts'

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
  const kind = type === 'text' || type === 'numeric' || type === 'date' || type === 'timestamp' ? type : 'other'
  return cellTextSql(ident(name), kind)
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
