// A resource as a PostgreSQL table, the same on every SQL engine: named by its resource id, holding
// `_id` (int4) and its fields with these column types, nothing else. Rows travel in COPY's text
// format, one line per record, cells as the engine's cell texts (which PostgreSQL reads back to the
// same values).

import type { FieldInfo, FieldType } from '../engine/index.ts'

export const PG_TYPE: Readonly<Record<FieldType, string>> = {
  int: 'integer',
  int4: 'integer',
  int8: 'bigint',
  numeric: 'numeric',
  float8: 'double precision',
  text: 'text',
  bool: 'boolean',
  date: 'date',
  timestamp: 'timestamp',
  json: 'json',
}

/** A quoted identifier: `a"b` -> `"a""b"`; a name with NUL (which PostgreSQL refuses) is refused. */
export function ident(name: string): string {
  if (name.includes('\u0000')) throw new RangeError('a name cannot contain the NUL character')
  return `"${name.replaceAll('"', '""')}"`
}

export function createTableStatement(tableRef: string, fields: readonly FieldInfo[]): string {
  const columns = ['"_id" integer NOT NULL', ...fields.map((field) => `${ident(field.id)} ${PG_TYPE[field.type]}`)]
  return `CREATE TABLE ${tableRef} (${columns.join(', ')})`
}

/** One cell in COPY's text format. */
export function copyCell(text: string | null): string {
  if (text === null) return '\\N'
  return text.replace(/[\\\t\n\r]/g, (character) => (character === '\\' ? '\\\\' : character === '\t' ? '\\t' : character === '\n' ? '\\n' : '\\r'))
}

/** Rows ([_id, cells...]) as COPY text lines. */
export function copyText(rows: readonly (readonly (string | null)[])[]): string {
  let text = ''
  for (const row of rows) text += `${row.map(copyCell).join('\t')}\n`
  return text
}
