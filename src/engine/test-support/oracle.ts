// A deliberately naive `datastore_search` for tests: an array of objects, one loop, the spec's rules
// written out in the most obvious way. The engine must give exactly the same envelope for every
// valid request. Used only by tests.

import type { CellValue, FieldInfo, RecordObject } from '../types.ts'

export interface OracleRequest {
  q?: string | Record<string, string>
  filters?: Record<string, string | number | boolean | null | (string | number | boolean | null)[]>
  limit?: number | string
  offset?: number
  sort?: string | string[]
  fields?: string[] | string
  include_total?: boolean
  records_format?: 'objects' | 'lists' | 'csv' | 'tsv'
  distinct?: boolean
  full_text?: string
  plain?: boolean
  language?: string
  total_estimation_threshold?: number | null
}

const collator = new Intl.Collator('en', { usage: 'sort', sensitivity: 'variant', numeric: false })
export const NUMERIC = ['int', 'int4', 'int8', 'numeric', 'float8']

/** The text of a value as q and filters see it. */
export function textOf(value: CellValue | undefined): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return JSON.stringify(value)
}

export function compareValues(type: string, a: CellValue, b: CellValue): number {
  if (NUMERIC.includes(type)) return (a as number) - (b as number)
  if (type === 'bool') return Number(a) - Number(b)
  const textA = textOf(a) as string
  const textB = textOf(b) as string
  if (type === 'text' || type === 'json') {
    const collated = collator.compare(textA, textB)
    if (collated !== 0) return collated
  }
  return textA < textB ? -1 : textA > textB ? 1 : 0
}

/** A cell as PostgreSQL's COPY csv writes it, CKAN's way (a null json cell is `null`). */
function copyText(type: string, value: CellValue, delimiter: string, alone: boolean): string {
  if (value === null) return type === 'json' ? 'null' : ''
  const text = type === 'json' ? JSON.stringify(value) : typeof value === 'boolean' ? (value ? 't' : 'f') : (textOf(value) as string)
  const needsQuotes = text === '' || (alone && text === '\\.') || [delimiter, '"', '\n', '\r'].some((special) => text.includes(special))
  return needsQuotes ? `"${text.split('"').join('""')}"` : text
}

type FilterInput = string | number | boolean | null
const TRUE_SPELLINGS = ['t', 'tr', 'tru', 'true', 'y', 'ye', 'yes', 'on', '1']
const FALSE_SPELLINGS = ['f', 'fa', 'fal', 'fals', 'false', 'n', 'no', 'of', 'off', '0']

/**
 * What a filter value stands for in a column of `type`, read the naive way PostgreSQL's casts are
 * described: `undefined` when no cell can equal it, `'refused'` when PostgreSQL refuses it.
 */
export function oracleFilterValue(type: string, value: FilterInput): CellValue | undefined | 'refused' {
  if (value === null) return undefined
  if (type === 'text' || type === 'json') return String(value)
  const text = typeof value === 'string' ? value.trim() : value
  if (NUMERIC.includes(type)) {
    if (typeof text === 'boolean') return 'refused'
    const whole = type === 'int' || type === 'int4' || type === 'int8'
    if (typeof text === 'number') return whole && !Number.isInteger(text) ? undefined : text
    if (whole) {
      if (!/^[+-]?\d+$/.test(text)) return 'refused'
      const number = Number(text)
      return type !== 'int8' && Math.abs(number) > 2147483647 ? 'refused' : number
    }
    if (['nan', '+nan', '-nan', 'inf', '+inf', '-inf', 'infinity', '+infinity', '-infinity'].includes(text.toLowerCase())) return undefined
    return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : 'refused'
  }
  if (type === 'bool') {
    if (typeof text === 'boolean') return text
    if (typeof text === 'number') return 'refused'
    if (TRUE_SPELLINGS.includes(text.toLowerCase())) return true
    return FALSE_SPELLINGS.includes(text.toLowerCase()) ? false : 'refused'
  }
  // date, timestamp: ISO text, perhaps with a time after T or a space
  if (typeof text !== 'string') return 'refused'
  const match = /^(\d{4})-(\d\d?)-(\d\d?)(?:[T ](\d\d?):(\d\d)(?::(\d\d))?)?$/.exec(text)
  if (!match) return 'refused'
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as number[]
  const date = new Date(Date.UTC(year!, month! - 1, day!, hours, minutes, seconds))
  if (date.getUTCMonth() !== month! - 1 || date.getUTCDate() !== day! || hours! > 23 || minutes! > 59 || seconds! > 59) return 'refused'
  const iso = date.toISOString()
  return type === 'date' ? iso.slice(0, 10) : iso.slice(0, 19)
}

/** Whether some filter value of the request is one PostgreSQL would refuse for its field's type (a 409). */
export function oracleRefusesFilters(fields: FieldInfo[], filters: OracleRequest['filters']): boolean {
  return Object.entries(filters ?? {}).some(([field, wanted]) => {
    const type = field === '_id' ? 'int' : (fields.find((candidate) => candidate.id === field)?.type as string)
    return (Array.isArray(wanted) ? wanted : [wanted]).some((value) => oracleFilterValue(type, value) === 'refused')
  })
}

export function oracleSearch(
  fields: FieldInfo[],
  records: RecordObject[],
  resourceId: string,
  request: OracleRequest,
  links: { path: string },
): unknown {
  const rows = records.map((record, index) => {
    const row: Record<string, CellValue> = { _id: index + 1 }
    for (const field of fields) row[field.id] = record[field.id] ?? null
    return row
  })
  const typeOf = (id: string) => (id === '_id' ? 'int' : (fields.find((field) => field.id === id)?.type as string))

  // full_text, when not empty, replaces a string q (CKAN 2.11 runs one whole-row query)
  const wholeRow = request.full_text || (typeof request.q === 'string' ? request.q : '')
  let matching = rows.filter((row) => {
    if (wholeRow !== '') {
      const needle = wholeRow.toLowerCase()
      const found = fields.some((field) => textOf(row[field.id])?.toLowerCase().includes(needle) === true)
      if (!found) return false
    }
    if (typeof request.q === 'object') {
      for (const [field, text] of Object.entries(request.q)) {
        if (text === '') continue
        if (textOf(row[field])?.toLowerCase().includes(text.toLowerCase()) !== true) return false
      }
    }
    for (const [field, wanted] of Object.entries(request.filters ?? {})) {
      const type = typeOf(field)
      const values = (Array.isArray(wanted) ? wanted : [wanted]).map((value) => oracleFilterValue(type, value))
      const cell = row[field] ?? null
      if (cell === null || !values.some((value) => value !== undefined && textOf(value) === textOf(cell))) return false
    }
    return true
  })

  const sortTexts = request.sort === undefined ? [] : typeof request.sort === 'string' ? request.sort.split(',') : request.sort
  const clauses = sortTexts
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .map((text) => {
      const [, name, direction] = /^(.*?)(?: +(asc|desc))?$/i.exec(text) as RegExpExecArray
      return { field: name as string, descending: direction?.toLowerCase() === 'desc' }
    })
  matching = matching.toSorted((a, b) => {
    for (const clause of clauses) {
      const valueA = a[clause.field] ?? null
      const valueB = b[clause.field] ?? null
      if (valueA === null && valueB === null) continue
      // nulls last on asc, first on desc
      if (valueA === null) return clause.descending ? -1 : 1
      if (valueB === null) return clause.descending ? 1 : -1
      const order = compareValues(typeOf(clause.field), valueA, valueB)
      if (order !== 0) return clause.descending ? -order : order
    }
    return (a['_id'] as number) - (b['_id'] as number)
  })

  const limit = Math.min(request.limit === undefined ? 100 : Number(request.limit), 32000)
  const offset = request.offset ?? 0
  const names =
    request.fields === undefined || request.fields.length === 0
      ? ['_id', ...fields.map((field) => field.id)]
      : typeof request.fields === 'string'
        ? request.fields.split(',').map((name) => name.trim())
        : request.fields
  if (request.distinct === true) {
    const seen = new Set<string>()
    matching = matching.filter((row) => {
      const key = JSON.stringify(names.map((name) => row[name] ?? null))
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
  }
  const format = request.records_format ?? 'objects'
  const result: Record<string, unknown> = {
    resource_id: resourceId,
    limit,
    include_total: request.include_total ?? true,
    records_format: format,
    total_estimation_threshold: request.total_estimation_threshold ?? null,
  }
  if (request.q !== undefined) result.q = request.q
  if (request.full_text !== undefined) result.full_text = request.full_text
  if (request.filters !== undefined) result.filters = request.filters
  if (request.offset !== undefined) result.offset = request.offset
  if (request.sort !== undefined) result.sort = request.sort
  if (request.distinct !== undefined) result.distinct = request.distinct
  if (request.plain !== undefined) result.plain = request.plain
  if (request.language !== undefined) result.language = request.language
  result.fields = names.map((id) => ({ id, type: typeOf(id) }))
  const page = matching.slice(offset, offset + limit)
  if (format === 'objects') result.records = page.map((row) => Object.fromEntries(names.map((name) => [name, row[name] ?? null])))
  else if (format === 'lists') result.records = page.map((row) => names.map((name) => row[name] ?? null))
  else {
    const delimiter = format === 'csv' ? ',' : '\t'
    result.records = page.map((row) => `${names.map((name) => copyText(typeOf(name), row[name] ?? null, delimiter, names.length === 1)).join(delimiter)}\n`).join('')
  }
  if (request.include_total !== false) {
    result.total = matching.length
    result.total_was_estimated = false
  }
  const prev = offset - limit > 0 ? { prev: `${links.path}?offset=${offset - limit}` } : {}
  Object.assign(result, { _links: { start: links.path, next: `${links.path}?offset=${offset + limit}`, ...prev } })
  return { help: '/api/3/action/help_show?name=datastore_search', success: true, result }
}
