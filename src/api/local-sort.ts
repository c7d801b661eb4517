// Sorting a COMPLETE result in the browser with the engine's own ordering, so a browser sort and a
// server sort of the same records agree: the engine's cell text, its value index and sort ranks
// (per-type comparison), nulls last in both directions (`desc nulls last`), ties kept in the order the
// server sent (`_id` order).
import { cellToText, codesFromTexts, ranksOf, type CellValue, type FieldType } from '../engine/index.ts'
import type { SortKey } from '../query/types.ts'
import type { DatastoreField, DatastoreRecord } from './parse-response.ts'

const ENGINE_TYPES: ReadonlySet<string> = new Set<FieldType>(['int', 'int4', 'int8', 'numeric', 'float8', 'text', 'bool', 'date', 'timestamp', 'json'])

/** The records in the order of `sort` (a new array; the input is untouched). */
export function sortRecordsLocally(records: readonly DatastoreRecord[], sort: readonly SortKey[], fields: readonly DatastoreField[]): DatastoreRecord[] {
  if (sort.length === 0) return [...records]
  const keys = sort.map((key) => rankColumn(records, key, fields.find((field) => field.id === key.field)?.type))
  const order = Array.from(records.keys())
  order.sort((a, b) => {
    for (const { ranks, descending } of keys) {
      const rankA = ranks[a]
      const rankB = ranks[b]
      if (rankA === rankB) continue
      // Rank 0 is null: last either way, as the server is asked (`desc nulls last`).
      if (rankA === 0) return 1
      if (rankB === 0) return -1
      return descending ? rankB - rankA : rankA - rankB
    }
    return a - b
  })
  return order.map((index) => records[index])
}

/** Each record's rank in one column (0 = null, values from 1), ranked by the engine. */
function rankColumn(records: readonly DatastoreRecord[], key: SortKey, declaredType: string | undefined) {
  const type = engineType(records, key.field, declaredType)
  const texts = records.map((record) => cellText(type, key.field, Object.hasOwn(record, key.field) ? record[key.field] : null))
  const index = codesFromTexts(texts)
  const valueRanks = ranksOf(index, type)
  const ranks = Int32Array.from(texts, (text) => (text === null ? 0 : (valueRanks[index.codeOf.get(text) as number] as number) + 1))
  return { ranks, descending: key.direction === 'desc' }
}

/** The engine type to compare by; a type the engine does not know compares as numbers when every value is one. */
function engineType(records: readonly DatastoreRecord[], field: string, declared: string | undefined): FieldType {
  if (declared !== undefined && ENGINE_TYPES.has(declared)) return declared as FieldType
  const values = records.map((record) => record[field]).filter((value) => value !== null && value !== undefined)
  return values.length > 0 && values.every((value) => typeof value === 'number') ? 'numeric' : 'text'
}

/** The engine's text of a cell; a value that does not fit its declared type compares by its JSON text. */
function cellText(type: FieldType, field: string, value: CellValue | undefined): string | null {
  try {
    return cellToText({ id: field, type }, value)
  } catch {
    return JSON.stringify(value)
  }
}
