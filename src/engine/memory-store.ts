// The in-memory `SearchStore`: runs a validated query on the engine's own tables (execute.ts,
// distinct.ts) and decodes the page's cells.

import type { Catalog, ResourceEntry } from './catalog.ts'
import { cellDecoder } from './cell-text.ts'
import { executeDistinct } from './distinct.ts'
import { executeQuery, ID_FIELD, type ExecutableQuery, type FilterCondition } from './execute.ts'
import type { SearchQuery, SearchRows, SearchStore } from './search-query.ts'
import { asStoredTable, type StoredTable, type Table } from './table.ts'
import type { CellValue } from './types.ts'

export function memoryStore(load: (entry: ResourceEntry) => Promise<Table>): SearchStore {
  return {
    async columns(entry) {
      return (await load(entry)).fields
    },
    async search(entry, query) {
      return searchTable(asStoredTable(await load(entry)), query)
    },
  }
}

/**
 * The catalog's tables as a store. While a resource still loads, a query runs on the prefix loaded
 * so far when that prefix decides the page: no sort and no distinct (records come in `_id` order, so
 * the first matches of a prefix are the first matches of the table) and a full page. The total is
 * then the prefix's count scaled to the expected size, marked as estimated (CKAN's
 * `total_was_estimated`). Anything else waits for a longer prefix, or the whole table.
 */
export function catalogStore(catalog: Catalog): SearchStore {
  return {
    async columns(entry) {
      // a prefix has every column
      return (await catalog.latest(entry.id)).table.fields
    },
    async search(entry, query) {
      let state = await catalog.latest(entry.id)
      while (!state.complete) {
        const early = query.sort.length === 0 && !query.distinct ? searchPrefix(asStoredTable(state.table), query, state.expectedSize) : undefined
        if (early) return early
        state = await catalog.latest(entry.id, state.table)
      }
      return searchTable(asStoredTable(state.table), query)
    },
  }
}

function searchPrefix(table: StoredTable, query: SearchQuery, expectedSize: number): SearchRows | undefined {
  const positions = query.fields.map((field) => positionOf(table, field.id))
  const { records, total } = executeQuery(table, executableOf(table, query))
  if (records.length < query.limit) return undefined
  const rows = decodeRows(table, records, query, positions)
  if (total === undefined) return { rows }
  return { rows, total: Math.max(total, Math.round((total * expectedSize) / Math.max(1, table.size))), totalWasEstimated: true }
}

export function searchTable(table: StoredTable, query: SearchQuery): SearchRows {
  const executable = executableOf(table, query)
  const positions = query.fields.map((field) => positionOf(table, field.id))
  const { records, total } = query.distinct ? executeDistinct(table, executable, positions) : executeQuery(table, executable)
  return { rows: decodeRows(table, records, query, positions), total }
}

function positionOf(table: StoredTable, field: string): number {
  return field === '_id' ? ID_FIELD : (table.positionOf(field) as number)
}

/** A validated query's conditions as the in-memory executor's plan (field names become positions). */
export function executableOf(table: StoredTable, query: Omit<SearchQuery, 'resourceId' | 'fields'>): ExecutableQuery {
  const position = (field: string): number => positionOf(table, field)
  const filters: FilterCondition[] = query.filters.map(({ field, values }) => ({
    field: position(field),
    texts: values,
  }))
  const executable: ExecutableQuery = {
    needle: query.text?.toLowerCase(),
    terms: query.fieldTexts.map(({ field, text }) => ({ field: position(field), needle: text.toLowerCase() })),
    filters,
    sort: query.sort.map((key) => ({ field: position(key.field), descending: key.descending, nullsFirst: key.nullsFirst })),
    offset: query.offset,
    limit: query.limit,
    includeTotal: query.includeTotal,
  }
  return executable
}

function decodeRows(table: StoredTable, records: readonly number[], query: SearchQuery, positions: readonly number[]): CellValue[][] {
  const stored = positions.filter((position) => position !== ID_FIELD)
  const decoders = query.fields.filter((field) => field.id !== '_id').map((field) => cellDecoder(field.type))
  return records.map((record) => {
    const texts = table.fieldTexts(record, stored)
    const row: CellValue[] = new Array<CellValue>(positions.length)
    let next = 0
    for (let i = 0; i < positions.length; i++) {
      if (positions[i] === ID_FIELD) row[i] = record + 1
      else {
        row[i] = decoders[next]!(texts[next] ?? null)
        next++
      }
    }
    return row
  })
}
