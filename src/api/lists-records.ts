// CKAN's `records_format: "lists"`: each record is an array of values in the order of
// `result.fields`. Rebuilt here into the records every other part of the explorer reads.
import type { JsonValue } from './body-text.ts'
import { formatCount } from '../query/locale-format.ts'

type Rebuilt = { [field: string]: JsonValue }

export type ListsRebuild = { ok: true; records: Rebuilt[] } | { ok: false; message: string }

/** True when `records` is a non-empty list of lists (an empty list reads the same in any format). */
export function isListsRecords(records: JsonValue | undefined): records is JsonValue[][] {
  return Array.isArray(records) && records.length > 0 && records.every(Array.isArray)
}

/**
 * One record per row, its keys the field ids in `fields` order (so `_id` is there exactly when the
 * server listed it). A row of another length is refused: its values could not be named.
 */
export function recordsFromLists(rows: readonly JsonValue[][], fieldIds: readonly string[]): ListsRebuild {
  const width = fieldIds.length
  const records: Rebuilt[] = Array.from({ length: rows.length })
  // Assigning `__proto__` would set the prototype instead of a key: that name takes the slow path.
  const plainKeys = !fieldIds.includes('__proto__')
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index]
    if (row.length !== width) {
      return {
        ok: false,
        message: `Record ${formatCount(index + 1)} has ${row.length} values for ${width} fields, so its values cannot be named.`,
      }
    }
    const record: Rebuilt = {}
    if (plainKeys) {
      for (let column = 0; column < width; column++) record[fieldIds[column]] = row[column]
    } else {
      for (let column = 0; column < width; column++) {
        Object.defineProperty(record, fieldIds[column], { value: row[column], enumerable: true, writable: true, configurable: true })
      }
    }
    records[index] = record
  }
  return { ok: true, records }
}
