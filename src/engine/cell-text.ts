// How a value becomes the text the engine stores, searches and filters on, and back.
//
// The text of a cell is the JSON text of its output value, except that strings are taken as they
// are: number 5 -> "5", true -> "true", a json cell -> JSON.stringify(value), null -> no text.
// `q` searches this text and `filters` compares against it, so a number column matches the filter
// value 5 or "5" alike, and q "tru" finds boolean true. Dates and timestamps are written the CKAN 2.11
// way (`2011-01-01`, `2005-03-01T00:00:00`) when they are ISO; other text in them is kept as given.

import type { CellValue, FieldInfo, FieldType } from './types.ts'

const NUMERIC_TYPES: ReadonlySet<FieldType> = new Set<FieldType>(['int', 'int4', 'int8', 'numeric', 'float8'])

export function isNumericType(type: FieldType): boolean {
  return NUMERIC_TYPES.has(type)
}

export type CellEncoder = (value: CellValue | undefined) => string | null

/** Stored text of one cell; throws a TypeError naming the field when the value cannot be that type. */
export function cellToText(field: FieldInfo, value: CellValue | undefined): string | null {
  return cellEncoder(field)(value)
}

/** The function giving a field's stored text; it throws a TypeError naming the field for a value of the wrong kind. */
export function cellEncoder(field: FieldInfo): CellEncoder {
  if (field.type === 'json') return (value) => (value === null || value === undefined ? null : JSON.stringify(value))
  if (isNumericType(field.type)) return (value) => (value === null || value === undefined ? null : numberText(field, value))
  if (field.type === 'bool') return (value) => (value === null || value === undefined ? null : boolText(field, value))
  const text = textEncoder(field)
  if (field.type === 'date') return (value) => (typeof value === 'string' ? dateText(value) : text(value))
  if (field.type === 'timestamp') return (value) => (typeof value === 'string' ? timestampText(value) : text(value))
  return text
}

function textEncoder(field: FieldInfo): CellEncoder {
  return (value) => {
    if (typeof value === 'string') return value
    if (value === null || value === undefined) return null
    if (typeof value === 'number' || typeof value === 'boolean') return String(value)
    throw new TypeError(`Field "${field.id}" (${field.type}): expected a text value, got ${JSON.stringify(value)}`)
  }
}

const DATE_PREFIX = /^\d{4}-\d{2}-\d{2}(?=[T ])/
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}(?:\.\d+)?))?)?$/

/** A date as CKAN 2.11 writes it (`2011-01-01`); a date-time keeps only its date; other text stays as given. */
function dateText(value: string): string {
  if (value.length === 10 && value.charCodeAt(4) === 45 && value.charCodeAt(7) === 45) return value
  return DATE_PREFIX.exec(value)?.[0] ?? value
}

/** A timestamp as CKAN 2.11 writes it (`2005-03-01T00:00:00`); text that is not one stays as given. */
function timestampText(value: string): string {
  const match = TIMESTAMP.exec(value)
  if (!match) return value
  return `${match[1]}T${match[2] ?? '00'}:${match[3] ?? '00'}:${match[4] ?? '00'}`
}

function numberText(field: FieldInfo, value: CellValue): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  const parsed = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN
  if (!Number.isFinite(parsed)) {
    throw new TypeError(`Field "${field.id}" (${field.type}): expected a number, got ${JSON.stringify(value)}`)
  }
  return String(parsed)
}

function boolText(field: FieldInfo, value: CellValue): string {
  if (value === true || value === 'true') return 'true'
  if (value === false || value === 'false') return 'false'
  throw new TypeError(`Field "${field.id}" (bool): expected true or false, got ${JSON.stringify(value)}`)
}

/** The JSON value of a stored cell text, as records carry it. */
export function textToCell(type: FieldType, text: string | null): CellValue {
  return cellDecoder(type)(text)
}

export type CellDecoder = (text: string | null) => CellValue

const decodeNumber: CellDecoder = (text) => (text === null ? null : Number(text))
const decodeBool: CellDecoder = (text) => (text === null ? null : text === 'true')
const decodeJson: CellDecoder = (text) => (text === null ? null : (JSON.parse(text) as CellValue))
const decodeText: CellDecoder = (text) => text

export function cellDecoder(type: FieldType): CellDecoder {
  if (isNumericType(type)) return decodeNumber
  if (type === 'bool') return decodeBool
  if (type === 'json') return decodeJson
  return decodeText
}
