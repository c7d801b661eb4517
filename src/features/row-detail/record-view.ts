// A record as the detail panel shows it: each field's name, type and value as text, and its JSON. Pure.

export interface RecordField {
  id: string
  type: string
  /** From the resource's data dictionary, when it has one. */
  label?: string
  notes?: string
}

export interface RecordLine {
  field: string
  type: string
  label?: string
  notes?: string
  /** The value as text, exactly (no shortening): what "Copy" copies. */
  text: string
  kind: 'null' | 'empty' | 'json' | 'value'
  /** The text a filter on this field needs (filters match exact text); none for null, objects and arrays. */
  filterValue?: string
}

function lineFor(field: RecordField, value: unknown): RecordLine {
  const base = { field: field.id, type: field.type, ...(field.label ? { label: field.label } : {}), ...(field.notes ? { notes: field.notes } : {}) }
  if (value === null || value === undefined) return { ...base, text: 'null', kind: 'null' }
  if (typeof value === 'object') return { ...base, text: JSON.stringify(value, null, 2), kind: 'json' }
  const text = String(value)
  return { ...base, text, kind: text === '' ? 'empty' : 'value', filterValue: text }
}

/** One line per field, in the grid's column order, then any field the record carries beyond them. */
export function recordLines(fields: readonly RecordField[], record: Readonly<Record<string, unknown>>): RecordLine[] {
  const named = new Set(fields.map((field) => field.id))
  const extra = Object.keys(record).filter((key) => !named.has(key))
  return [
    ...fields.map((field) => lineFor(field, Object.hasOwn(record, field.id) ? record[field.id] : null)),
    ...extra.map((key) => lineFor({ id: key, type: 'unknown' }, record[key])),
  ]
}

/** The record's JSON, indented, keys in record order. */
export function recordJson(record: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(record, null, 2)
}

/** "Record 42" by `_id`, or by position when the answer left `_id` out. */
const ID_FIELD = '_id'

export function recordTitle(record: Readonly<Record<string, unknown>>, position: number): string {
  const id = Object.hasOwn(record, ID_FIELD) ? record[ID_FIELD] : undefined
  return typeof id === 'number' || typeof id === 'string' ? `Record ${id}` : `Record at row ${position + 1}`
}
