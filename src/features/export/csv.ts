// CSV as RFC 4180 says it (CRLF line ends, fields quoted when they hold a quote, comma or line break,
// quotes doubled), made safe to open in a spreadsheet.
import type { DatastoreRecord, JsonValue } from '../../api/parse-response.ts'

/**
 * Excel, LibreOffice and Google Sheets treat a cell starting with one of these as a formula
 * ("CSV injection"), also after leading spaces (which they trim) and in their full-width forms
 * (＝＋－＠, which an East Asian input method types and some spreadsheets read as ASCII). Such TEXT
 * values get a leading apostrophe, which spreadsheets show as plain text (OWASP's advice). JSON
 * numbers are written as they are: `-5` is a number, not a formula, and an apostrophe would turn every
 * negative number into text. The cost: a text value such as "-abc" reads back as "'-abc" in a plain
 * CSV reader; the JSON and NDJSON exports are never altered.
 */
const FORMULA_START = /^(?:\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r])/

/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark; other readers skip it. */
export const CSV_BOM = '\uFEFF'

const NEEDS_QUOTES = /[",\r\n]/

/** A value's text in a cell: empty for null, JSON for objects and arrays. */
function cellText(value: JsonValue | undefined): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** One cell, quoted when needed and defused when it would start a formula. */
export function csvCell(value: JsonValue | undefined): string {
  let text = cellText(value)
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** The header line from the field names (names are defused too: a field may be called "=cmd"). */
export function csvHeader(fieldIds: readonly string[]): string {
  return fieldIds.map((id) => csvCell(id)).join(',') + '\r\n'
}

/** The lines of these records, one per record, cells in the order of `fieldIds`. */
export function csvRows(records: readonly DatastoreRecord[], fieldIds: readonly string[]): string {
  let text = ''
  for (const record of records) {
    text += fieldIds.map((id) => csvCell(Object.hasOwn(record, id) ? record[id] : null)).join(',') + '\r\n'
  }
  return text
}
