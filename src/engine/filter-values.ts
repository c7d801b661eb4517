// A `filters` value as PostgreSQL reads it for the column's type, so that every store compares typed
// values as CKAN does (it binds the value and lets PostgreSQL cast it): `"0.0"`, `" 6.5"` and `6.5`
// all equal numeric 6.5, `"0304926"` equals int 304926, `"2012-01-01T00:00:00"` equals the date
// 2012-01-01. The result is the cell's stored text (cell-text.ts), which both stores compare with.
// A value PostgreSQL would refuse for that type (`"1,5"` on numeric) is a 409 under `filters` naming
// the field and the value, where CKAN answers a bare "Invalid query".
//
// Decisions: PostgreSQL's date input takes many styles (`Jan 1 2012`, `1/2/2012`); we take the ISO
// forms (`2012-01-01`, with a time and zone after `T` or a space, and `20120101`), `epoch` and the
// infinities, and refuse the rest (`today`, `now` and the like would depend on the server's clock).
// A value that is valid but that no cell can hold (an int filter of 6.5, `NaN`, a numeric value with
// more digits than a stored number has) matches nothing.

import { isNumericType } from './cell-text.ts'
import type { FilterScalar, FilterValue } from './params.ts'
import type { FieldType } from './types.ts'

export type CastFilterValue = { text: string } | { nothing: true } | { error: string }

const NOTHING: CastFilterValue = { nothing: true }
// PostgreSQL's isspace(): space, \t, \n, \v, \f, \r
const PG_SPACE = /^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g
const INTEGER_TEXT = /^[+-]?[0-9]+$/
const DECIMAL_TEXT = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/
const SPECIAL_NUMBER = /^[+-]?(?:nan|inf|infinity)$/i
const ISO_DATE = /^(\d{4,})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?(?: ?(?:Z|[+-]\d{1,2}(?::?\d{2})?))?$/i
const COMPACT_DATE = /^(\d{4})(\d{2})(\d{2})$/
const INFINITY = /^-?infinity$/i // PostgreSQL 15 refuses "+infinity" for dates

const RANGES: Partial<Record<FieldType, { name: string; min: bigint; max: bigint }>> = {
  int: { name: 'integer', min: -2147483648n, max: 2147483647n },
  int4: { name: 'integer', min: -2147483648n, max: 2147483647n },
  int8: { name: 'bigint', min: -9223372036854775808n, max: 9223372036854775807n },
}

const SQL_TYPE_NAMES: Partial<Record<FieldType, string>> = {
  int: 'integer',
  int4: 'integer',
  int8: 'bigint',
  numeric: 'numeric',
  float8: 'double precision',
  bool: 'boolean',
  date: 'date',
  timestamp: 'timestamp',
}

/** The stored text a filter value stands for in a column of `type`, nothing it can equal, or why PostgreSQL refuses it. */
export function castFilterValue(type: FieldType, value: FilterScalar): CastFilterValue {
  if (value === null) return NOTHING
  if (type === 'text' || type === 'json') return { text: typeof value === 'string' ? value : String(value) }
  const sqlType = SQL_TYPE_NAMES[type] ?? type
  if (typeof value === 'boolean' ? type !== 'bool' : typeof value === 'number' && !isNumericType(type)) {
    const valueType = typeof value === 'boolean' ? 'boolean' : Number.isInteger(value) ? 'integer' : 'numeric'
    return { error: `operator does not exist: ${sqlType} = ${valueType}` }
  }
  if (isNumericType(type)) return typeof value === 'number' ? numberValue(type, value) : numberText(type, sqlType, value as string)
  if (type === 'bool') return typeof value === 'boolean' ? { text: String(value) } : boolText(value as string)
  return temporalText(type, sqlType, value as string)
}

function invalid(sqlType: string, text: string): CastFilterValue {
  return { error: `invalid input syntax for type ${sqlType}: ${JSON.stringify(text)}` }
}

function numberValue(type: FieldType, value: number): CastFilterValue {
  if (!Number.isFinite(value)) return NOTHING
  if (RANGES[type] && !Number.isInteger(value)) return NOTHING // int = numeric: no integer equals 6.5
  return { text: String(value) }
}

function numberText(type: FieldType, sqlType: string, raw: string): CastFilterValue {
  const text = raw.replace(PG_SPACE, '')
  const range = RANGES[type]
  if (range) {
    if (!INTEGER_TEXT.test(text)) return invalid(sqlType, raw)
    const value = BigInt(text)
    if (value < range.min || value > range.max) return { error: `value ${JSON.stringify(raw)} is out of range for type ${range.name}` }
    return { text: value.toString() } // every digit: 9007199254740993 is not the cell 9007199254740992
  }
  if (SPECIAL_NUMBER.test(text)) return NOTHING // NaN and infinities: valid input, no stored cell holds them
  if (!DECIMAL_TEXT.test(text)) return invalid(sqlType, raw)
  const value = Number(text)
  if (!Number.isFinite(value)) return NOTHING
  // PostgreSQL's numeric keeps every digit: "0.30000000000000001" is not 0.3, though it reads as the
  // same double. A stored cell is a double's shortest text, so a value with other digits equals none.
  return decimalDigits(text) === decimalDigits(String(value)) ? { text: String(value) } : NOTHING
}

/** A decimal text's exact value as sign, significant digits and exponent (`-0.0250` and `-2.5e-2` give `-25e-3`). */
function decimalDigits(text: string): string {
  const [mantissa = '', exponent = '0'] = text.toLowerCase().split('e')
  const negative = mantissa.startsWith('-')
  const [whole = '', fraction = ''] = mantissa.replace(/^[+-]/, '').split('.')
  const digits = (whole + fraction).replace(/^0+/, '')
  if (digits === '') return '0'
  const significant = digits.replace(/0+$/, '')
  return `${negative ? '-' : ''}${significant}e${Number(exponent) - fraction.length + (digits.length - significant.length)}`
}

const TRUE_WORDS = ['true', 'yes', 'on']
const FALSE_WORDS = ['false', 'no', 'off']

/** PostgreSQL's boolin: t/true/y/yes/on/1 and f/false/n/no/off/0, any case, unique prefixes (`o` is not one). */
function boolText(raw: string): CastFilterValue {
  const text = raw.replace(PG_SPACE, '').toLowerCase()
  if (text === '1') return { text: 'true' }
  if (text === '0') return { text: 'false' }
  const prefixOf = (word: string): boolean => text.length > 0 && word.startsWith(text)
  const isTrue = TRUE_WORDS.some(prefixOf)
  const isFalse = FALSE_WORDS.some(prefixOf)
  if (isTrue !== isFalse) return { text: String(isTrue) }
  return invalid('boolean', raw)
}

function daysIn(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] as number
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0')

/** A date or timestamp filter value in its stored form (`2012-01-01`, `2012-01-01T03:04:00[.ffffff]`). */
function temporalText(type: FieldType, sqlType: string, raw: string): CastFilterValue {
  const text = raw.replace(PG_SPACE, '')
  // PostgreSQL's special values that stand for a fixed date: infinities (no stored cell), the epoch
  if (INFINITY.test(text)) return NOTHING
  if (text.toLowerCase() === 'epoch') return { text: type === 'date' ? '1970-01-01' : '1970-01-01T00:00:00' }
  const match = ISO_DATE.exec(text) ?? COMPACT_DATE.exec(text)
  if (!match) return invalid(sqlType, raw)
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const [hours, minutes, seconds] = [Number(match[4] ?? 0), Number(match[5] ?? 0), Number(match[6] ?? 0)]
  const outOfRange = { error: `date/time field value out of range: ${JSON.stringify(raw)}` }
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return outOfRange
  // microseconds, rounded as PostgreSQL rounds a longer fraction (which may carry into the next second)
  const micros = Math.round(Number(`0.${match[7] ?? '0'}`) * 1e6)
  const midnightAfter = hours === 24 && minutes === 0 && seconds === 0 && micros === 0 // PostgreSQL's 24:00:00
  if ((hours > 23 && !midnightAfter) || minutes > 59 || seconds > 59) return outOfRange
  const date = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
  if (type === 'date') return { text: date }
  const carried = new Date(0)
  carried.setUTCFullYear(year, month - 1, day) // not Date.UTC, which reads years 0-99 as 1900-1999
  carried.setUTCHours(hours, minutes, seconds + Math.floor(micros / 1e6), 0)
  const fraction = micros % 1e6 === 0 ? '' : `.${pad(micros % 1e6, 6)}`
  const carriedDate = `${pad(carried.getUTCFullYear(), 4)}-${pad(carried.getUTCMonth() + 1, 2)}-${pad(carried.getUTCDate(), 2)}`
  const time = `${pad(carried.getUTCHours(), 2)}:${pad(carried.getUTCMinutes(), 2)}:${pad(carried.getUTCSeconds(), 2)}`
  return { text: `${carriedDate}T${time}${fraction}` }
}

/** Each filter's values as the stored texts they stand for (values that can equal nothing dropped); call after the checks. */
export function typedFilters(filters: Record<string, FilterValue> | undefined, typeOf: (field: string) => FieldType): { field: string; values: string[] }[] {
  return Object.entries(filters ?? {}).map(([field, value]) => {
    const type = typeOf(field)
    const values = (Array.isArray(value) ? value : [value]).flatMap((item) => {
      const cast = castFilterValue(type, item)
      return 'text' in cast ? [cast.text] : []
    })
    return { field, values }
  })
}

/** The 409 messages for filter values the field's type cannot take, naming the field and the value. */
export function filterValueErrors(filters: Record<string, FilterValue> | undefined, typeOf: (field: string) => FieldType | undefined): string[] {
  const messages: string[] = []
  for (const [field, value] of Object.entries(filters ?? {})) {
    const type = typeOf(field)
    if (type === undefined) continue
    for (const item of Array.isArray(value) ? value : [value]) {
      const cast = castFilterValue(type, item)
      if ('error' in cast) messages.push(`Value ${JSON.stringify(item)} of field ${JSON.stringify(field)} (${type}): ${cast.error}`)
    }
  }
  return messages
}
