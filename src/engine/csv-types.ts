// Column types for CSV files and the typed values of a CSV row.
//
// A column is `date` when every non-empty cell is a calendar date written `YYYY-MM-DD`, and
// `timestamp` when every one is `YYYY-MM-DDTHH:MM[:SS[.ffffff]]` (dates mixed in count as midnight);
// the values are checked against the calendar, so a file PostgreSQL would refuse stays text.
// Timestamps are written as CKAN 2.11 returns them (`2020-01-02T03:04:00`, a fraction as 6 digits
// when it is not zero), so every store gives the same text and its order is time order.
//
// A column is int4 / int8 / numeric only when every non-empty cell is written the canonical way
// ("-12", "3.25"; no leading zeros like "007", no "+", no spaces, no exponent, at most 15 significant
// digits so the JSON number keeps every digit); anything else keeps the column `text`. A numeric
// cell keeps the scale it was written with (`5.0`, `0.10`) for csv/tsv records, as PostgreSQL does.
// Decision: an empty cell is null in a number column, and stays "" in a text column (the file said
// nothing, not "unknown"; a `filters` value "" finds it). CKAN's xloader would store NULL instead.

import { cellEncoder, type CellEncoder } from './cell-text.ts'
import { differingScale } from './numeric-scale.ts'
import type { CellValue, FieldInfo, FieldType, RecordObject } from './types.ts'

const INTEGER = /^-?(?:0|[1-9][0-9]*)$/
const DECIMAL = /^-?(?:0|[1-9][0-9]*)\.[0-9]+$/
const INT4_MAX = 2147483647
const INT4_MIN = -2147483648

function significantDigits(text: string): number {
  return text.replace(/^-?0*\.?0*/, '').replace('.', '').length
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?$/

type CellKind = 'int4' | 'int8' | 'numeric' | 'date' | 'timestamp' | 'text'

function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (year < 1 || month < 1 || month > 12 || day < 1) return false
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number
  return day <= days
}

/** The canonical timestamp text of an ISO date or timestamp cell, or undefined when it is neither. */
function timestampText(text: string): string | undefined {
  if (isCalendarDate(text)) return `${text}T00:00:00`
  const match = TIMESTAMP.exec(text)
  if (!match || !isCalendarDate(match[1] as string)) return undefined
  const [hours, minutes, seconds] = [match[2] as string, match[3] as string, match[4] ?? '00']
  if (Number(hours) > 23 || Number(minutes) > 59 || Number(seconds) > 59) return undefined
  const fraction = (match[5] ?? '').padEnd(6, '0')
  return `${match[1]}T${hours}:${minutes}:${seconds}${/^0*$/.test(fraction) ? '' : `.${fraction}`}`
}

function cellKind(text: string): CellKind {
  if (isCalendarDate(text)) return 'date'
  if (text.length > 10 && text.charCodeAt(10) === 84 && timestampText(text) !== undefined) return 'timestamp'
  if (text === '-0') return 'text'
  if (INTEGER.test(text)) {
    const value = Number(text)
    if (value >= INT4_MIN && value <= INT4_MAX) return 'int4'
    return Number.isSafeInteger(value) ? 'int8' : 'text'
  }
  if (DECIMAL.test(text)) return significantDigits(text) <= 15 ? 'numeric' : 'text'
  return 'text'
}

const WIDTH: Record<Exclude<CellKind, 'text'>, number> = { int4: 0, int8: 1, numeric: 2, date: 10, timestamp: 11 }
const isTemporal = (kind: CellKind): boolean => kind === 'date' || kind === 'timestamp'

export function inferFieldTypes(header: string[], rows: string[][]): FieldInfo[] {
  return header.map((id, column) => {
    let type: Exclude<CellKind, 'text'> | undefined
    for (const row of rows) {
      const text = row[column] ?? ''
      if (text === '') continue
      const kind = cellKind(text)
      if (kind === 'text' || (type !== undefined && isTemporal(kind) !== isTemporal(type))) return { id, type: 'text' as FieldType }
      if (type === undefined || WIDTH[kind] > WIDTH[type]) type = kind
    }
    return { id, type: type ?? 'text' }
  })
}

export function coerceRow(fields: readonly FieldInfo[], rawValues: readonly string[]): RecordObject {
  const record: RecordObject = {}
  fields.forEach((field, column) => {
    const raw = rawValues[column]
    record[field.id] = coerceCell(field, raw)
  })
  return record
}

/** A later row may break the sample's type: dates and timestamps say so here, numbers when stored. */
function coerceCell(field: FieldInfo, raw: string | undefined): CellValue {
  const type = field.type
  if (raw === undefined) return null
  if (type === 'text') return raw
  if (raw === '') return null
  if (type === 'date' || type === 'timestamp') {
    const text = type === 'date' ? (isCalendarDate(raw) ? raw : undefined) : timestampText(raw)
    if (text === undefined) {
      const shape = type === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DDTHH:MM[:SS[.ffffff]]'
      throw new TypeError(`Field "${field.id}" (${type}): expected ${shape}, got ${JSON.stringify(raw)}`)
    }
    return text
  }
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

/**
 * A CSV row's stored texts (what `TableBuilder.appendTexts` takes) without a row object: for each
 * field, the text `cellToText` gives the value `coerceRow` makes (a missing cell is null). Throws a
 * TypeError naming the field for a value that cannot be of its type. With `scales`, a numeric cell
 * written with another scale than its stored text's (`5.0`, `0.10`) gets that scale there, others
 * undefined (numeric-scale.ts).
 */
export function csvRowEncoder(
  fields: readonly FieldInfo[],
): (rawValues: readonly (string | undefined)[], out: (string | null)[], scales?: (number | undefined)[]) => void {
  const encoders = fields.map(cellEncoder)
  return (rawValues, out, scales) => {
    for (let column = 0; column < encoders.length; column++) {
      const field = fields[column] as FieldInfo
      const raw = rawValues[column]
      const text = (encoders[column] as CellEncoder)(coerceCell(field, raw))
      out[column] = text
      if (scales !== undefined) scales[column] = field.type === 'numeric' && raw !== undefined && text !== null ? differingScale(raw, text) : undefined
    }
  }
}
