// Cells as tab-separated text, the way spreadsheets paste it: a header row of field names, then one
// line per record. Values are raw (never the grid's formatted text). Pure.

/**
 * One value as a TSV cell: null is empty, objects are JSON. A cell holding a tab or a line break, or
 * starting with a quote, is quoted (quotes doubled); spreadsheets read other quotes as they are.
 */
export function tsvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  const text = typeof value === 'object' ? (JSON.stringify(value) ?? '') : String(value)
  return /[\t\n\r]|^"/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/**
 * The records' values of `fields` as TSV with the header row. A field is read by its own name only
 * (a field named "constructor" never reads Object.prototype).
 */
export function toTsv(fields: readonly string[], records: readonly Record<string, unknown>[]): string {
  const lines = [fields.map(tsvCell).join('\t')]
  for (const record of records) lines.push(fields.map((field) => tsvCell(Object.hasOwn(record, field) ? record[field] : null)).join('\t'))
  return `${lines.join('\r\n')}\r\n`
}
