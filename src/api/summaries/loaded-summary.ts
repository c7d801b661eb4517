// The summary of the records on hand (a loaded page), by the engine's own rules. Live servers name
// types the engine does not know (`_text`, `float4`, `timestamptz`, ...): they are read as the
// nearest engine type, and a value that does not fit its type makes the field `json`.
import type { FieldInfo, FieldType, RecordObject, TableSummary } from '../../engine/index.ts'
import type { DatastoreField, DatastoreRecord } from '../parse-response.ts'
import { summarizeRecordsForNow } from './summarize-records-for-now.ts'

const ENGINE_TYPES: ReadonlySet<string> = new Set<FieldType>(['int', 'int4', 'int8', 'numeric', 'float8', 'text', 'bool', 'date', 'timestamp', 'json'])
const NEAREST: Readonly<Record<string, FieldType>> = { int2: 'int4', float4: 'float8', timestamptz: 'timestamp', varchar: 'text', char: 'text' }

/** The engine type a live field is summarised as. */
export function engineType(type: string): FieldType {
  const lower = type.toLowerCase()
  if (ENGINE_TYPES.has(lower)) return lower as FieldType
  if (lower.startsWith('_')) return 'json'
  return NEAREST[lower] ?? 'text'
}

function fits(field: FieldInfo, records: readonly DatastoreRecord[]): boolean {
  const numeric = field.type === 'int' || field.type === 'int4' || field.type === 'int8' || field.type === 'numeric' || field.type === 'float8'
  return records.every((record) => {
    const value = record[field.id]
    if (value === null || value === undefined || field.type === 'json') return true
    if (numeric) return typeof value === 'number'
    if (field.type === 'bool') return typeof value === 'boolean'
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
  })
}

/** Summarises `records` over `fields` (without `_id`), each field typed as the engine reads it. */
export function summarizeLoaded(fields: readonly DatastoreField[], records: readonly DatastoreRecord[]): TableSummary {
  const infos = fields.map((field): FieldInfo => {
    const info = { id: field.id, type: engineType(field.type) }
    return fits(info, records) ? info : { id: field.id, type: 'json' }
  })
  return summarizeRecordsForNow(infos, records as readonly RecordObject[])
}
