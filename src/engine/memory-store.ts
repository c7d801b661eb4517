// The in-memory `SearchStore`: runs a validated query on the engine's own tables (execute.ts,
// distinct.ts) and decodes the page's cells.

import type { ResourceEntry } from './catalog.ts'
import { cellDecoder, filterValueText } from './cell-text.ts'
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

export function searchTable(table: StoredTable, query: SearchQuery): SearchRows {
  const positionOf = (field: string): number => (field === '_id' ? ID_FIELD : (table.positionOf(field) as number))
  const filters: FilterCondition[] = query.filters.map(({ field, values }) => ({
    field: positionOf(field),
    texts: values.flatMap((value) => (value === null ? [] : [filterValueText(value)])),
  }))
  const executable: ExecutableQuery = {
    needle: query.text?.toLowerCase(),
    terms: query.fieldTexts.map(({ field, text }) => ({ field: positionOf(field), needle: text.toLowerCase() })),
    filters,
    sort: query.sort.map((key) => ({ field: positionOf(key.field), descending: key.descending, nullsFirst: key.nullsFirst })),
    offset: query.offset,
    limit: query.limit,
    includeTotal: query.includeTotal,
  }
  const positions = query.fields.map((field) => positionOf(field.id))
  const { records, total } = query.distinct ? executeDistinct(table, executable, positions) : executeQuery(table, executable)
  return { rows: decodeRows(table, records, query, positions), total }
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
