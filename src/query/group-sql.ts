// One `datastore_search_sql` statement that is the executed query grouped as asked. Pure.
//
// The WHERE clause is `datastore_search`'s, written for a portal's own tables (typed columns named by
// the field ids, the table named by the resource id; no search column of ours, no bound parameters):
//   q        a record matches when the lowercased text of one of its cells holds the lowercased needle:
//            `strpos(lower(<cell text>), '<needle>') > 0` OR-ed over the fields; the cell text is the
//            engine's (numbers as JSON writes them, dates `YYYY-MM-DD`, timestamps `YYYY-MM-DDTHH:MM:SS`);
//   filters  one `= ANY(ARRAY[...]::<type>[])` per field (any of its values, fields all of them), each
//            value read for the column's type as the engine reads it (`FilterCast`: `0.0` is 0, a value
//            no cell can hold is dropped, one PostgreSQL refuses is refused here too).
// Names are quoted identifiers, values string literals with quotes doubled (the statement is text: a
// portal binds nothing). Text that PostgreSQL cannot hold (NUL) matches nothing.
// Groups are ranked by a window over the grouped rows; ranks beyond `top` fold into one `other` row, so
// one statement answers the kept groups, the other row and the number of groups.
import { cellTextSql } from '../sql/cell-text-sql.ts'
import { keepsEveryGroup, type Grouping, type GroupingKey } from './grouping.ts'
import { mergeFilterClauses } from './normalize.ts'
import type { QueryState } from './types.ts'

/** The grouping's answer in the engine's result shape (`GroupResult`), so the panel draws both alike. */
export interface SqlGroupRow {
  keys: (string | number | boolean | null)[]
  count: number
  value: number | null
}
export interface SqlGroupResult {
  resource_id: string
  total: number
  groups: number
  rows: SqlGroupRow[]
  other?: { groups: number; count: number; value: number | null }
}

export interface SqlField {
  id: string
  /** The type the server names (`text`, `int4`, `numeric`, `timestamp`, ...). */
  type: string
}

/** A quoted identifier: `a"b` -> `"a""b"`. */
export function sqlName(name: string): string {
  if (name.includes('\u0000')) throw new RangeError('A name cannot hold the NUL character.')
  return `"${name.replaceAll('"', '""')}"`
}

/** A string literal: `it's` -> `'it''s'` (standard_conforming_strings: backslashes are plain). */
export function sqlText(text: string): string {
  return `'${text.replaceAll("'", "''")}'`
}

const storable = (text: string) => !text.includes('\u0000') && !/\p{Cs}/u.test(text)

export type SqlKind = 'text' | 'integer' | 'numeric' | 'float' | 'bool' | 'date' | 'timestamp' | 'json'

const KINDS: Readonly<Record<string, SqlKind>> = {
  int: 'integer',
  int2: 'integer',
  int4: 'integer',
  int8: 'integer',
  numeric: 'numeric',
  float4: 'float',
  float8: 'float',
  bool: 'bool',
  date: 'date',
  timestamp: 'timestamp',
  timestamptz: 'timestamp',
  json: 'json',
  jsonb: 'json',
}

/** How a column of the type the server names is compared and written. */
export function kindOf(type: string): SqlKind {
  const lower = type.toLowerCase()
  return KINDS[lower] ?? (lower.startsWith('_') ? 'json' : 'text')
}

/** The engine's text of a cell (cell-text.ts) as SQL. */
function cellText(field: SqlField): string {
  const kind = kindOf(field.type)
  return cellTextSql(sqlName(field.id), kind === 'text' || kind === 'numeric' || kind === 'date' || kind === 'timestamp' ? kind : 'other')
}

const ARRAY_TYPE: Readonly<Record<SqlKind, string>> = {
  text: 'text',
  json: 'text',
  integer: 'int8',
  numeric: 'numeric',
  float: 'float8',
  bool: 'boolean',
  date: 'date',
  timestamp: 'timestamp',
}

/**
 * How a filter value reads for a column of the type the server names: the cell text it stands for,
 * nothing it can equal, or why the server refuses it (the engine's `castFilterValue`, which models
 * PostgreSQL's casts). Without one, values go to the server as they are and it casts them.
 */
export type FilterCast = (type: string, text: string) => { text: string } | { nothing: true } | { error: string }

/** The conditions of the query's q and filters (an empty list: every record). */
export function whereConditions(fields: readonly SqlField[], query: Pick<QueryState, 'q' | 'filters'>, cast?: FilterCast): string[] {
  const conditions: string[] = []
  const byId = new Map(fields.map((field) => [field.id, field]))
  const needle = query.q.toLowerCase()
  // q reads the fields' cells, never `_id` (as datastore_search)
  const searched = fields.filter((field) => field.id !== '_id')
  if (needle !== '') {
    if (!storable(needle) || searched.length === 0) conditions.push('FALSE')
    else conditions.push(`(${searched.map((field) => `strpos(lower(${cellText(field)}), ${sqlText(needle)}) > 0`).join(' OR ')})`)
  }
  for (const clause of mergeFilterClauses(query.filters)) {
    const texts = clause.values.filter(storable)
    if (clause.field === '_id') {
      const ids = texts.filter((text) => /^[1-9][0-9]{0,14}$/.test(text))
      conditions.push(ids.length === 0 ? 'FALSE' : `"_id" = ANY(ARRAY[${ids.join(', ')}]::int8[])`)
      continue
    }
    const field = byId.get(clause.field)
    if (field === undefined) throw new RangeError(`Unknown field ${JSON.stringify(clause.field)}`)
    const kind = kindOf(field.type)
    const values = texts.flatMap((text) => {
      if (!cast) return [text]
      const read = cast(field.type, text)
      if ('error' in read) throw new RangeError(`filters: ${field.id}: ${read.error}`)
      return 'text' in read ? [read.text] : []
    })
    const column = kind === 'json' ? `${sqlName(field.id)}::text` : sqlName(field.id)
    conditions.push(values.length === 0 ? 'FALSE' : `${column} = ANY(ARRAY[${values.map(sqlText).join(', ')}]::${ARRAY_TYPE[kind]}[])`)
  }
  return conditions
}

const UNIT_FORMAT = { year: 'YYYY', month: 'YYYY-MM', day: 'YYYY-MM-DD' } as const

/** A key's SQL: a date cut as its text (`2012-01`), dates and timestamps as their cell text, others as they are. */
function keyExpression(field: SqlField, key: GroupingKey): string {
  const column = sqlName(field.id)
  if (key.unit) return `to_char(date_trunc(${sqlText(key.unit)}, ${column}), ${sqlText(UNIT_FORMAT[key.unit])})`
  const kind = kindOf(field.type)
  return kind === 'date' || kind === 'timestamp' ? cellText(field) : column
}

/** The ranked measure of a group from its parts: n (records), s (sum), c (numbers), lo, hi. */
const MEASURE_SQL = { count: 'n', sum: 's', mean: 's / NULLIF(c, 0)', min: 'lo', max: 'hi' } as const

/** The grouping as one statement over the resource's table. Throws RangeError for an unknown field. */
export function groupStatement(resourceId: string, fields: readonly SqlField[], query: Pick<QueryState, 'q' | 'filters'>, grouping: Grouping, cast?: FilterCast): string {
  const byId = new Map(fields.map((field) => [field.id, field]))
  const fieldOf = (id: string) => {
    const field = byId.get(id)
    if (field === undefined) throw new RangeError(`Unknown field ${JSON.stringify(id)}`)
    return field
  }
  const conditions = whereConditions(fields, query, cast)
  const keys = grouping.keys.map((key, i) => `${keyExpression(fieldOf(key.field), key)} AS k${i}`)
  const names = grouping.keys.map((_, i) => `k${i}`)
  const measured = grouping.measure !== 'count' && grouping.measureField !== undefined
  const value = measured ? `, ${sqlName(fieldOf(grouping.measureField as string).id)} AS m` : ''
  const parts = measured ? ', sum(m)::float8 AS s, count(m) AS c, min(m)::float8 AS lo, max(m)::float8 AS hi' : ', NULL::float8 AS s, 0 AS c, NULL::float8 AS lo, NULL::float8 AS hi'
  const byKey = names.map((name) => `${name} ASC NULLS LAST`).join(', ')
  const order = keepsEveryGroup(grouping) ? byKey : `v DESC NULLS LAST, ${byKey}`
  const top = keepsEveryGroup(grouping) || grouping.top === 0 ? undefined : grouping.top
  const rank = top === undefined ? 'rank' : `CASE WHEN rank <= ${top} THEN rank END`
  const matching = `SELECT ${keys.join(', ')}${value} FROM ${sqlName(resourceId)}${conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : ''}`
  const grouped = `SELECT ${names.join(', ')}, count(*) AS n${parts} FROM (${matching}) AS matching GROUP BY ${names.join(', ')}`
  const ranked = `SELECT *, row_number() OVER (ORDER BY ${order}) AS rank FROM (SELECT *, ${MEASURE_SQL[grouping.measure]} AS v FROM (${grouped}) AS grouped) AS measured`
  const keyOut = names.map((name) => `(array_agg(${name}))[1] AS ${name}`).join(', ')
  return (
    `SELECT ${rank} AS "rank", ${keyOut}, sum(n)::int8 AS n, sum(s)::float8 AS s, sum(c)::int8 AS c, min(lo) AS lo, max(hi) AS hi, count(*)::int8 AS "groups" ` +
    `FROM (${ranked}) AS ranked GROUP BY 1 ORDER BY 1 NULLS LAST`
  )
}

function numberOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null
  const number = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(number) ? number : null
}

/** A key as the engine gives it: numbers as numbers, booleans as booleans, the rest as text. */
function keyValue(value: unknown, field: SqlField, key: GroupingKey): SqlGroupRow['keys'][number] {
  if (value === null || value === undefined) return null
  if (key.unit) return String(value)
  const kind = kindOf(field.type)
  if (kind === 'integer' || kind === 'numeric' || kind === 'float') return numberOf(value)
  if (kind === 'bool') return value === true || value === 't' || value === 'true'
  return typeof value === 'string' ? value : JSON.stringify(value)
}

function measureOf(measure: Grouping['measure'], row: Record<string, unknown>): number | null {
  const n = numberOf(row.n) ?? 0
  if (measure === 'count') return n
  const counted = numberOf(row.c) ?? 0
  if (counted === 0) return null
  if (measure === 'sum') return numberOf(row.s)
  if (measure === 'mean') return (numberOf(row.s) ?? 0) / counted
  return numberOf(measure === 'min' ? row.lo : row.hi)
}

/** The statement's rows (ranked groups, then the `other` row) as the engine's result shape. */
export function readGroupRows(records: readonly Record<string, unknown>[], fields: readonly SqlField[], grouping: Grouping, resourceId: string): SqlGroupResult {
  const byId = new Map(fields.map((field) => [field.id, field]))
  let total = 0
  let groups = 0
  const rows: SqlGroupRow[] = []
  let other: SqlGroupResult['other']
  for (const record of records) {
    const count = numberOf(record.n) ?? 0
    const groupCount = numberOf(record.groups) ?? 0
    total += count
    groups += groupCount
    const value = measureOf(grouping.measure, record)
    if (record.rank === null || record.rank === undefined) other = { groups: groupCount, count, value }
    else rows.push({ keys: grouping.keys.map((key, i) => keyValue(record[`k${i}`], byId.get(key.field) ?? { id: key.field, type: 'text' }, key)), count, value })
  }
  return { resource_id: resourceId, total, groups, rows, ...(other ? { other } : {}) }
}
