// Sorting a COMPLETE result in the browser with the engine's own ordering, so a browser sort and a
// server sort of the same records agree: the engine's cell text and per-type comparison, nulls last
// ascending and first descending, ties kept in the order the server sent (`_id` order).
//
// TODO(engine): `cellToText` and `valueComparator` are not re-exported from src/engine/index.ts yet;
// switch these two imports to the index once they are (asked in the hand-over report).
import { cellToText } from '../engine/cellText.ts'
import { valueComparator } from '../engine/columnIndex.ts'
import type { CellValue, FieldType } from '../engine/index.ts'
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
      // Rank 0 is null: last when ascending, first when descending.
      if (rankA === 0) return descending ? -1 : 1
      if (rankB === 0) return descending ? 1 : -1
      return descending ? rankB - rankA : rankA - rankB
    }
    return a - b
  })
  return order.map((index) => records[index])
}

/** Each record's rank in one column (0 = null), comparing each distinct value once. */
function rankColumn(records: readonly DatastoreRecord[], key: SortKey, declaredType: string | undefined) {
  const type = engineType(records, key.field, declaredType)
  const texts = records.map((record) => cellText(type, key.field, Object.hasOwn(record, key.field) ? record[key.field] : null))
  const distinct = presorted(type, [...new Set(texts.filter((text): text is string => text !== null))]).toSorted(valueComparator(type))
  const rankOf = new Map(distinct.map((text, index) => [text, index + 1]))
  return { ranks: Int32Array.from(texts, (text) => (text === null ? 0 : (rankOf.get(text) ?? 0))), descending: key.direction === 'desc' }
}

/**
 * Collation compares are slow (about 0.25 µs each). Text put in case-folded code-point order first is
 * nearly in collation order, so the engine's comparator then needs few compares (TimSort finds the runs).
 * The order only affects speed: the final sort is by the engine's comparator alone.
 */
function presorted(type: FieldType, distinct: string[]): string[] {
  if (type !== 'text' && type !== 'json') return distinct
  const folded = distinct.map((text) => text.toLowerCase())
  const order = Array.from(distinct.keys()).toSorted((a, b) => (folded[a] < folded[b] ? -1 : folded[a] > folded[b] ? 1 : 0))
  return order.map((index) => distinct[index])
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
