// One validated search (the engine's ExecutableQuery) as SQL: values only as bound parameters, names
// only as quoted identifiers. See README.md beside this file for how each parameter maps and which
// index serves it.
import type { FieldInfo } from '../../engine/index.ts'
import type { ExecutableQuery } from '../../engine/execute.ts'
import { filterCondition, sortTerms, textExpression } from './field-sql.ts'
import { ident, SEARCH_COLUMN } from './sql-names.ts'

export const ID_FIELD = -1

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
  /** The page: one row per record, column `_id` then `t0`, `t1`, ... the texts of `output`. */
  page: SqlStatement
  /** The number of matching records, when a total is wanted. */
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

function fieldAt(table: SqlTable, position: number): FieldInfo {
  const field = table.fields[position]
  if (field === undefined) throw new RangeError(`no field at position ${position}`)
  return field
}

function lowerText(table: SqlTable, position: number): string {
  const field = fieldAt(table, position)
  return `lower(${textExpression(field.id, field.type)} COLLATE "en-x-icu")`
}

function whereClause(table: SqlTable, query: ExecutableQuery, parameters: Parameters): string[] {
  const conditions: string[] = []
  const needles = [query.needle, ...query.terms.map((term) => term.needle)].filter((needle): needle is string => needle !== undefined)
  if (needles.some((needle) => !storable(needle))) return ['FALSE']
  if (query.needle !== undefined) {
    const needle = query.needle
    if (table.hasSearchColumn && !needle.includes('\u0001')) {
      conditions.push(`${ident(SEARCH_COLUMN)} LIKE ${parameters.add(likeContaining(needle))}`)
    } else {
      const parameter = parameters.add(needle)
      const any = table.fields.map((_, position) => `strpos(${lowerText(table, position)}, ${parameter}) > 0`)
      conditions.push(any.length === 0 ? 'FALSE' : `(${any.join(' OR ')})`)
    }
  }
  for (const term of query.terms) {
    if (term.field === ID_FIELD) {
      conditions.push(`strpos("_id"::text, ${parameters.add(term.needle)}) > 0`)
      continue
    }
    // the search column narrows the candidates through its trigram index; the field's own text decides
    if (table.hasSearchColumn && !term.needle.includes('\u0001')) {
      conditions.push(`${ident(SEARCH_COLUMN)} LIKE ${parameters.add(likeContaining(term.needle))}`)
    }
    conditions.push(`strpos(${lowerText(table, term.field)}, ${parameters.add(term.needle)}) > 0`)
  }
  for (const filter of query.filters) {
    const texts = filter.texts.filter(storable)
    if (filter.field === ID_FIELD) {
      const ids = texts.filter((text) => /^[1-9][0-9]{0,14}$/.test(text))
      conditions.push(`"_id" = ANY(${parameters.add(ids)}::int8[])`)
      continue
    }
    const field = fieldAt(table, filter.field)
    const parameter = `$${parameters.values.length + 1}`
    const { sql, value } = filterCondition(field.id, field.type, texts, parameter)
    parameters.add(value)
    conditions.push(sql)
  }
  return conditions
}

function orderBy(table: SqlTable, query: ExecutableQuery): string {
  const terms: string[] = []
  for (const key of query.sort) {
    if (key.field === ID_FIELD) {
      terms.push(`"_id" ${key.descending ? 'DESC' : 'ASC'}`)
      return terms.join(', ')
    }
    const field = fieldAt(table, key.field)
    terms.push(...sortTerms(field.id, field.type, key.descending, key.nullsFirst))
  }
  terms.push('"_id" ASC')
  return terms.join(', ')
}

/** The statements of one search; `output` lists the positions whose texts each row carries. */
export function searchStatements(table: SqlTable, query: ExecutableQuery, output: readonly number[]): SearchStatements {
  const parameters = new Parameters()
  const conditions = whereClause(table, query, parameters)
  const where = conditions.length === 0 ? '' : ` WHERE ${conditions.join(' AND ')}`
  const columns = output.map((position, index) => {
    if (position === ID_FIELD) return `"_id"::text AS t${index}`
    const field = fieldAt(table, position)
    return `${textExpression(field.id, field.type)} AS t${index}`
  })
  const select = ['"_id"', ...columns].join(', ')
  const whereValues = parameters.values.slice()
  const limit = parameters.add(query.limit)
  const offset = parameters.add(Math.min(query.offset, Number.MAX_SAFE_INTEGER))
  const page = {
    text: `SELECT ${select} FROM ${table.ref}${where} ORDER BY ${orderBy(table, query)} LIMIT ${limit} OFFSET ${offset}`,
    values: parameters.values,
  }
  if (!query.includeTotal) return { page }
  return { page, count: { text: `SELECT count(*) AS total FROM ${table.ref}${where}`, values: whereValues } }
}
