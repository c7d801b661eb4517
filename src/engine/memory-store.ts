// The in-memory `SearchStore`: runs a validated query on the engine's own tables (execute.ts,
// distinct.ts) and decodes the page's cells.

import type { Catalog, ResourceEntry } from './catalog.ts'
import { cellDecoder, type CellDecoder } from './cell-text.ts'
import { executeDistinctSteps } from './distinct.ts'
import { executeQuerySteps, ID_FIELD, type ExecutableQuery, type FilterCondition } from './execute.ts'
import type { SearchQuery, SearchRows, SearchStore } from './search-query.ts'
import { runAtOnce, runToEnd, type StepRunner, type Steps } from './steps.ts'
import { asStoredTable, type StoredTable, type Table } from './table.ts'
import { queueSkipIndex } from './trigram-index.ts'
import type { CellValue } from './types.ts'

/** `run` drives each search's steps: at once by default; a server spreads them (see steps.ts). */
export function memoryStore(load: (entry: ResourceEntry) => Promise<Table>, run: StepRunner = runAtOnce): SearchStore {
  return {
    async columns(entry) {
      return (await load(entry)).fields
    },
    async search(entry, query) {
      return run(searchTableSteps(asStoredTable(await load(entry)), query))
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
export function catalogStore(catalog: Catalog, run: StepRunner = runAtOnce): SearchStore {
  return {
    async columns(entry) {
      // a prefix has every column
      return (await catalog.latest(entry.id)).table.fields
    },
    async search(entry, query) {
      let state = await catalog.latest(entry.id)
      while (!state.complete) {
        // a loading table's skip bits are its host's idle work once the load ends (background-index.ts):
        // the counts asked again and again meanwhile scan its chunks rather than build them on the way
        for (const chunk of asStoredTable(state.table).chunks) queueSkipIndex(chunk)
        const early = query.sort.length === 0 && !query.distinct ? await run(searchPrefix(asStoredTable(state.table), query, state.expectedSize)) : undefined
        if (early) return early
        state = await catalog.latest(entry.id, state.table)
      }
      return run(searchTableSteps(asStoredTable(state.table), query))
    },
  }
}

function* searchPrefix(table: StoredTable, query: SearchQuery, expectedSize: number): Steps<SearchRows | undefined> {
  const positions = query.fields.map((field) => positionOf(table, field.id))
  const { records, total } = yield* executeQuerySteps(table, executableOf(table, query))
  if (records.length < query.limit) return undefined
  const rows = yield* decodeRows(table, records, query, positions)
  const scales = pageScales(table, records, query, positions)
  if (total === undefined) return { rows, ...scales }
  return { rows, ...scales, total: Math.max(total, Math.round((total * expectedSize) / Math.max(1, table.size))), totalWasEstimated: true }
}

export function searchTable(table: StoredTable, query: SearchQuery): SearchRows {
  return runToEnd(searchTableSteps(table, query))
}

/** The same in steps: the query's (executeQuerySteps, executeDistinctSteps), then the page's decoding. */
export function* searchTableSteps(table: StoredTable, query: SearchQuery): Steps<SearchRows> {
  const executable = executableOf(table, query)
  const positions = query.fields.map((field) => positionOf(table, field.id))
  const { records, total } = query.distinct ? yield* executeDistinctSteps(table, executable, positions) : yield* executeQuerySteps(table, executable)
  return { rows: yield* decodeRows(table, records, query, positions), ...pageScales(table, records, query, positions), total }
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

/** Rows decoded between two yields (a page of 32,000 wide rows takes tens of milliseconds). */
const ROWS_PER_STEP = 2048

function* decodeRows(table: StoredTable, records: readonly number[], query: SearchQuery, positions: readonly number[]): Steps<CellValue[][]> {
  const stored = positions.filter((position) => position !== ID_FIELD)
  const decoders = query.fields.filter((field) => field.id !== '_id').map((field) => cellDecoder(field.type))
  const rows: CellValue[][] = []
  for (let from = 0; from < records.length; from += ROWS_PER_STEP) {
    if (from > 0) yield
    for (const record of records.slice(from, from + ROWS_PER_STEP)) rows.push(decodeRow(table, record, stored, decoders, positions))
  }
  return rows
}

function decodeRow(table: StoredTable, record: number, stored: readonly number[], decoders: readonly CellDecoder[], positions: readonly number[]): CellValue[] {
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
}

/** With `query.withScales`, the numeric cells' kept scales of the page's records (numeric-scale.ts); a row without any is undefined. */
function pageScales(table: StoredTable, records: readonly number[], query: SearchQuery, positions: readonly number[]): Pick<SearchRows, 'scales'> {
  const numeric = query.fields.flatMap((field, column) => (field.type === 'numeric' ? [column] : []))
  if (query.withScales !== true || numeric.length === 0) return {}
  const scales = records.map((record) => {
    let kept: (number | undefined)[] | undefined
    for (const column of numeric) {
      const scale = table.scales.scaleOf(record, positions[column] as number)
      if (scale !== undefined) (kept ??= [])[column] = scale
    }
    return kept
  })
  return { scales }
}
