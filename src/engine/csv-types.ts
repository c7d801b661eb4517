// Column types for CSV files and the typed values of a CSV row.
//
// A column is int4 / int8 / numeric only when every non-empty cell is written the canonical way
// ("-12", "3.25"; no leading zeros like "007", no "+", no spaces, no exponent, at most 15 significant
// digits so the JSON number keeps every digit); anything else keeps the column `text`.
// Decision: an empty cell is null in a number column, and stays "" in a text column (the file said
// nothing, not "unknown"; a `filters` value "" finds it). CKAN's xloader would store NULL instead.

import type { CellValue, FieldInfo, FieldType, RecordObject } from './types.ts'

const INTEGER = /^-?(?:0|[1-9][0-9]*)$/
const DECIMAL = /^-?(?:0|[1-9][0-9]*)\.[0-9]+$/
const INT4_MAX = 2147483647
const INT4_MIN = -2147483648

function significantDigits(text: string): number {
  return text.replace(/^-?0*\.?0*/, '').replace('.', '').length
}

function cellKind(text: string): 'int4' | 'int8' | 'numeric' | 'text' {
  if (text === '-0') return 'text'
  if (INTEGER.test(text)) {
    const value = Number(text)
    if (value >= INT4_MIN && value <= INT4_MAX) return 'int4'
    return Number.isSafeInteger(value) ? 'int8' : 'text'
  }
  if (DECIMAL.test(text)) return significantDigits(text) <= 15 ? 'numeric' : 'text'
  return 'text'
}

const WIDTH: Record<'int4' | 'int8' | 'numeric', number> = { int4: 0, int8: 1, numeric: 2 }

export function inferFieldTypes(header: string[], rows: string[][]): FieldInfo[] {
  return header.map((id, column) => {
    let type: 'int4' | 'int8' | 'numeric' | undefined
    for (const row of rows) {
      const text = row[column] ?? ''
      if (text === '') continue
      const kind = cellKind(text)
      if (kind === 'text') return { id, type: 'text' as FieldType }
      if (type === undefined || WIDTH[kind] > WIDTH[type]) type = kind
    }
    return { id, type: type ?? 'text' }
  })
}

export function coerceRow(fields: readonly FieldInfo[], rawValues: readonly string[]): RecordObject {
  const record: RecordObject = {}
  fields.forEach((field, column) => {
    const raw = rawValues[column]
    record[field.id] = coerceCell(field.type, raw)
  })
  return record
}

function coerceCell(type: FieldType, raw: string | undefined): CellValue {
  if (raw === undefined) return null
  if (type === 'text' || type === 'date' || type === 'timestamp') return raw
  if (raw === '') return null
  if (type === 'bool') return raw === 'true' ? true : raw === 'false' ? false : raw
  if (type === 'json') return parseJsonCell(raw)
  const value = Number(raw)
  return Number.isFinite(value) ? value : raw
}

function parseJsonCell(raw: string): CellValue {
  try {
    return JSON.parse(raw) as CellValue
  } catch {
    return raw
  }
}
