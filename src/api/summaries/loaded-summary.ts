// The records on hand (a loaded page) as the engine's `summarizeRecords` takes them (it runs in the demo
// worker, so its code stays out of the page's first download). Live servers name types the engine does
// not know (`_text`, `float4`, `timestamptz`, ...): they are read as the nearest engine type, and a
// field whose values do not fit that type is read as text, or as json when even text does not fit.
import { cellToText, type FieldInfo, type FieldType, type RecordObject } from '../../engine/index.ts'
import type { DatastoreField, DatastoreRecord } from '../parse-response.ts'
import { plainRecords } from '../record-columns.ts'

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
  try {
    for (const record of records) cellToText(field, record[field.id])
    return true
  } catch {
    return false
  }
}

function readableAs(field: DatastoreField, records: readonly DatastoreRecord[]): FieldInfo {
  const candidates: FieldType[] = [engineType(field.type), 'text', 'json']
  const type = candidates.find((candidate) => fits({ id: field.id, type: candidate }, records)) ?? 'json'
  return { id: field.id, type }
}

/** `records` over `fields` (without `_id`), each field typed as the engine can read it. */
export function loadedRecordsInput(fields: readonly DatastoreField[], records: readonly DatastoreRecord[]): { fields: FieldInfo[]; records: RecordObject[] } {
  // Records from the live-answer worker are read-only views, which postMessage cannot clone.
  const plain = plainRecords(records)
  return { fields: fields.map((field) => readableAs(field, plain)), records: plain as RecordObject[] }
}
