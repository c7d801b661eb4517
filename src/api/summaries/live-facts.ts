// What a live server can say exactly about one field, through `datastore_search` alone:
//   1. `distinct: true, fields: [f], sort: "f asc nulls last", limit: 21` -> `total` = distinct rows
//      (null and "" included), records = the first values in sort order;
//   2. at most 20 distinct rows: one `limit: 0` count per non-empty value (the query's filters plus
//      f = value); empties (null, "") are what the counts leave of the matching total;
//   3. more: the distinct count, min and max (the first sorted row, `f desc nulls last`), and whether
//      nulls exist (`f desc` puts them first).
// CKAN up to 2.11 applies `limit` to the rows before DISTINCT, so a short first answer is followed by
// jumps past the rows already counted (offset = sum of their counts), within the request budget.
import type { CellValue } from '../../engine/index.ts'
import type { ValueCount } from '../../engine/index.ts'
import { quoteSortField } from '../../query/request-builder.ts'
import type { FilterClause, QueryState } from '../../query/types.ts'

/** Values a field may have for the server to count them one by one. */
export const MAX_COUNTED_VALUES = 20
/** Live requests one field's summary may take: 1 distinct + 20 counts + 2. */
export const REQUEST_BUDGET = 23
/** Rows a jump reads under CKAN <= 2.11 (its default `rows_max`); the answer holds at most 20 values. */
const JUMP_LIMIT = 32000

export type FactKind = 'number' | 'date' | 'text' | 'nested'

/** One `datastore_search` call: the query (resource, q, filters, method) plus extra parameters. */
export type SummarySend = (
  query: QueryState,
  extra: readonly (readonly [string, string | number | boolean])[],
) => Promise<{ records: Record<string, unknown>[]; total?: number }>

export interface FactContext {
  /** The executed query: its source, address, resource, q, filters and method are kept. */
  query: QueryState
  /** Records matching the query, when the search said so exactly. */
  matching?: number
  send: SummarySend
}

export interface ServerFacts {
  requests: number
  /** Exact number of distinct non-empty values. */
  distinct?: number
  /** Every non-empty value with its count, by count descending (ties in the server's sort order). */
  values?: ValueCount[]
  /** Exact null-or-"" cells. */
  empty?: number
  /** Matching records, when a request had to ask. */
  matching?: number
  /** Number and date fields: the smallest and largest non-empty value (`null` when every cell is empty). */
  range?: { min: CellValue; max: CellValue }
}

/** The executed query reduced to which records it matches: no paging, sort or column choice. */
export function matchingQuery(query: QueryState): QueryState {
  return { ...query, offset: 0, sort: [], sortOn: 'browser', fields: undefined, limit: 0 }
}

function withFilter(filters: readonly FilterClause[], field: string, value: string): FilterClause[] {
  return [...filters.filter((clause) => clause.field !== field), { field, values: [value] }]
}

/** The text a filter compares a scalar value with; arrays and objects cannot be counted by a filter. */
export function filterText(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return undefined
}

function compareValues(a: CellValue, b: CellValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  const left = String(a)
  const right = String(b)
  return left < right ? -1 : left > right ? 1 : 0
}

function rangeOf(values: CellValue[]): { min: CellValue; max: CellValue } | undefined {
  if (values.length === 0) return undefined
  let min = values[0] as CellValue
  let max = min
  for (const value of values) {
    if (compareValues(value, min) < 0) min = value
    if (compareValues(value, max) > 0) max = value
  }
  return { min, max }
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === ''

/** Asks the server what it can say exactly about `field`; throws when any request fails. */
export async function serverFacts(field: string, kind: FactKind, context: FactContext): Promise<ServerFacts> {
  const base = matchingQuery(context.query)
  let requests = 0
  const send: SummarySend = (query, extra) => {
    requests++
    return context.send(query, extra)
  }
  const sortClause = (direction: 'asc' | 'desc', nulls?: 'last') => `${quoteSortField(field)} ${direction}${nulls ? ` nulls ${nulls}` : ''}`
  const distinctPage = (offset: number, limit: number) =>
    send({ ...base, fields: [field], limit, offset }, [['distinct', true], ['include_total', true], ['sort', sortClause('asc', 'last')]])
  const count = async (query: QueryState) => {
    const answer = await send(query, [['include_total', true]])
    if (answer.total === undefined) throw new Error('The server sent no total.')
    return answer.total
  }

  const first = await distinctPage(0, MAX_COUNTED_VALUES + 1)
  const rows = first.total
  if (rows === undefined) throw new Error('The server sent no total for the distinct values.')
  const seen = first.records.map((record) => record[field] as CellValue)
  // The server applied the limit before DISTINCT (CKAN <= 2.11) when fewer rows came than it has.
  const limitFirst = seen.length < Math.min(rows, MAX_COUNTED_VALUES + 1)
  // Sorted ascending, "" comes before any other text in every collation, and nulls come last.
  const hasEmptyText = seen.includes('')

  if (rows <= MAX_COUNTED_VALUES && kind !== 'nested') {
    const counted = await countEach(field, base, seen, limitFirst, rows, { send, count, distinctPage, spent: () => requests })
    if (counted) {
      const { values, empties } = counted
      let matching = context.matching
      if (empties && matching === undefined) matching = await count(base)
      const counts = values.reduce((sum, value) => sum + value.count, 0)
      const range = kind === 'number' || kind === 'date' ? (rangeOf(values.map((value) => value.value)) ?? { min: null, max: null }) : undefined
      return {
        requests,
        distinct: values.length,
        values: values.toSorted((a, b) => b.count - a.count),
        // Filters cannot ask for null (and "" is no filter value here): empties are what the counts leave.
        empty: empties ? (matching ?? counts) - counts : 0,
        ...(matching !== context.matching ? { matching } : {}),
        ...(range ? { range } : {}),
      }
    }
  }

  const allSeen = !limitFirst && seen.length === rows
  const present = seen.filter((value) => !isEmpty(value))
  // `f desc` puts nulls first: its first row says whether there are any.
  const desc = allSeen ? undefined : await send({ ...base, fields: [field], limit: 1 }, [['sort', sortClause('desc')]])
  const hasNull = desc ? desc.records.length > 0 && desc.records[0]?.[field] === null : seen.includes(null)
  const facts: ServerFacts = { requests: 0, distinct: rows - (hasNull ? 1 : 0) - (hasEmptyText ? 1 : 0) }
  if (kind === 'number' || kind === 'date') {
    if (present.length === 0) facts.range = { min: null, max: null }
    else if (allSeen) facts.range = rangeOf(present)
    else {
      const min = rangeOf(present)?.min ?? null
      const top = hasNull || !desc ? await send({ ...base, fields: [field], limit: 1 }, [['sort', sortClause('desc', 'last')]]) : desc
      facts.range = { min, max: (top.records[0]?.[field] as CellValue | undefined) ?? null }
    }
  }
  return { ...facts, requests }
}

interface CountTools {
  send: SummarySend
  count: (query: QueryState) => Promise<number>
  distinctPage: (offset: number, limit: number) => Promise<{ records: Record<string, unknown>[] }>
  spent: () => number
}

/**
 * Counts every value of a field with at most 20 distinct rows. Under CKAN <= 2.11 (limit before
 * DISTINCT) the first answer may hold only the first values: the next page starts after the rows
 * counted so far, until every value is known or the budget would be exceeded (then `undefined`).
 */
async function countEach(
  field: string,
  base: QueryState,
  firstSeen: CellValue[],
  limitFirst: boolean,
  rows: number,
  tools: CountTools,
): Promise<{ values: ValueCount[]; empties: boolean } | undefined> {
  const values: ValueCount[] = []
  let nulls = false
  const emptyText = firstSeen.includes('')
  // Under CKAN <= 2.11 the jumps count rows from the first; "" rows (first in order) cannot be counted.
  if (limitFirst && emptyText) return undefined
  let pending = firstSeen
  for (;;) {
    const fresh = pending.filter((value) => value !== null && value !== '' && !values.some((known) => known.value === value))
    if (pending.includes(null)) nulls = true
    if (tools.spent() + fresh.length > REQUEST_BUDGET) return undefined
    const texts = fresh.map(filterText)
    if (texts.some((text) => text === undefined)) return undefined
    const counts = await Promise.all(texts.map((text) => tools.count({ ...base, filters: withFilter(base.filters, field, text ?? '') })))
    fresh.forEach((value, i) => values.push({ value, text: texts[i] ?? '', count: counts[i] ?? 0 }))
    const empties = nulls || emptyText
    // Nulls sort last: once one is seen, every value before it is known; the distinct rows say the rest.
    // One row left unseen may be another value as well as an empty one: only a jump can tell.
    if (!limitFirst || nulls || fresh.length === 0 || values.length === rows) return { values, empties }
    if (tools.spent() + 1 > REQUEST_BUDGET) return undefined
    const offset = values.reduce((sum, value) => sum + value.count, 0)
    const next = await tools.distinctPage(offset, JUMP_LIMIT)
    pending = next.records.map((record) => record[field] as CellValue)
    if (pending.length === 0) return { values, empties: nulls }
  }
}
