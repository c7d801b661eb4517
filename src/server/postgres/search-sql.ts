// One validated search (the engine's SearchQuery) as SQL: values only as bound parameters, names
// only as quoted identifiers. See README.md beside this file for how each parameter maps and which
// index serves it.
import type { FieldInfo, SearchQuery } from '../../engine/index.ts'
import { filterCondition, sortTerms, TEXT_COLLATION, textExpression } from './field-sql.ts'
import { ident, SEARCH_COLUMN } from './sql-names.ts'

export interface SqlTable {
  /** `"schema"."table"` */
  ref: string
  fields: readonly FieldInfo[]
  /** Whether the table has the lowercase search column our import writes. */
  hasSearchColumn: boolean
}

export interface SqlStatement {
  text: string
  values: unknown[]
}

export interface SearchStatements {
  /** The page: one row per record, columns `t0`, `t1`, ... the cell texts of `query.fields`. */
  page: SqlStatement
  /** The number of matching records (or distinct rows), when a total is wanted. */
  count?: SqlStatement
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
export function likeContaining(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

const LONE_SURROGATE = /\p{Cs}/u

/** Text PostgreSQL can hold: no NUL, no lone surrogate. Any other text can never equal a stored cell. */
function storable(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text)
}

class Parameters {
  readonly values: unknown[] = []
  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

class Columns {
  private readonly byName: Map<string, FieldInfo>
  constructor(readonly table: SqlTable) {
    this.byName = new Map(table.fields.map((field) => [field.id, field]))
  }
  field(name: string): FieldInfo {
    const field = this.byName.get(name)
    if (field === undefined) throw new RangeError(`no field ${JSON.stringify(name)}`)
    return field
  }
  text(name: string): string {
    if (name === '_id') return '"_id"::text'
    const field = this.field(name)
    return textExpression(field.id, field.type)
  }
  lower(name: string): string {
    return `lower(${this.text(name)} COLLATE ${TEXT_COLLATION})`
  }
}

function whereClause(columns: Columns, query: SearchQuery, parameters: Parameters): string[] {
  const { table } = columns
  const conditions: string[] = []
  const needle = query.text?.toLowerCase()
  const terms = query.fieldTexts.map(({ field, text }) => ({ field, needle: text.toLowerCase() }))
  if ([needle, ...terms.map((term) => term.needle)].some((text) => text !== undefined && !storable(text))) return ['FALSE']
  if (needle !== undefined) {
    if (table.hasSearchColumn && !needle.includes('\u0001')) {
      conditions.push(`${ident(SEARCH_COLUMN)} LIKE ${parameters.add(likeContaining(needle))}`)
    } else {
      const parameter = parameters.add(needle)
      const any = table.fields.map((field) => `strpos(${columns.lower(field.id)}, ${parameter}) > 0`)
      conditions.push(any.length === 0 ? 'FALSE' : `(${any.join(' OR ')})`)
    }
  }
  for (const term of terms) {
    if (term.field === '_id') {
      conditions.push(`strpos("_id"::text, ${parameters.add(term.needle)}) > 0`)
      continue
    }
    // the search column narrows the candidates through its trigram index; the field's own text decides
    if (table.hasSearchColumn && !term.needle.includes('\u0001')) {
      conditions.push(`${ident(SEARCH_COLUMN)} LIKE ${parameters.add(likeContaining(term.needle))}`)
    }
    conditions.push(`strpos(${columns.lower(term.field)}, ${parameters.add(term.needle)}) > 0`)
  }
  for (const filter of query.filters) {
    const texts = filter.values.filter(storable)
    if (filter.field === '_id') {
      const ids = texts.filter((text) => /^[1-9][0-9]{0,14}$/.test(text))
      conditions.push(`"_id" = ANY(${parameters.add(ids)}::int8[])`)
      continue
    }
    const field = columns.field(filter.field)
    const { sql, value } = filterCondition(field.id, field.type, texts, `$${parameters.values.length + 1}`)
    parameters.add(value)
    conditions.push(sql)
  }
  return conditions
}

function orderBy(columns: Columns, query: SearchQuery): string {
  const terms: string[] = []
  for (const key of query.sort) {
    if (key.field === '_id') {
      terms.push(`"_id" ${key.descending ? 'DESC' : 'ASC'}`)
      return terms.join(', ')
    }
    const field = columns.field(key.field)
    terms.push(...sortTerms(field.id, field.type, key.descending, key.nullsFirst))
  }
  terms.push('"_id" ASC')
  return terms.join(', ')
}

/** The statements of one validated search. */
export function searchStatements(table: SqlTable, query: SearchQuery): SearchStatements {
  const columns = new Columns(table)
  const parameters = new Parameters()
  const conditions = whereClause(columns, query, parameters)
  const where = conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`
  const whereValues = parameters.values.slice()
  const outputs = query.fields.map((field, index) => `${columns.text(field.id)} AS t${index}`)
  const names = query.fields.map((_, index) => `t${index}`)
  const order = orderBy(columns, query)
  const limit = parameters.add(query.limit)
  const offset = parameters.add(Math.min(query.offset, Number.MAX_SAFE_INTEGER))
  const page = parameters.values
  // a row carrying `_id` is distinct by itself
  if (query.distinct && !query.fields.some((field) => field.id === '_id') && outputs.length > 0) {
    // each distinct row stands where its first record stands in the query's order
    const ranked = `SELECT ${outputs.join(', ')}, row_number() OVER (ORDER BY ${order}) AS "position" FROM ${table.ref}${where}`
    return {
      page: { text: `SELECT ${names.join(', ')} FROM (${ranked}) AS ranked GROUP BY ${names.join(', ')} ORDER BY min("position") LIMIT ${limit} OFFSET ${offset}`, values: page },
      count: query.includeTotal
        ? { text: `SELECT count(*) AS total FROM (SELECT DISTINCT ${outputs.join(', ')} FROM ${table.ref}${where}) AS rows`, values: whereValues }
        : undefined,
    }
  }
  return {
    page: { text: `SELECT ${outputs.length > 0 ? outputs.join(', ') : '1'} FROM ${table.ref}${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`, values: page },
    count: query.includeTotal ? { text: `SELECT count(*) AS total FROM ${table.ref}${where}`, values: whereValues } : undefined,
  }
}
