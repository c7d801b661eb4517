// `records_format`: the page's rows as CKAN returns them. `objects`: one object per record keyed by
// field id; `lists`: one array per record in the order of `result.fields`; `csv`/`tsv`: one string,
// a line per record ending in "\n", no header, quoted the way PostgreSQL's `COPY ... csv` quotes
// (CKAN 2.11 runs `COPY (...) TO STDOUT csv [DELIMITER '\t']`). There a numeric cell is PostgreSQL's
// text of it: a plain decimal with the scale it was loaded with (`5.0`, `0.10`; numeric-scale.ts).

import { scaledText } from './numeric-scale.ts'
import { setOwn } from './own-property.ts'
import type { RecordsFormat } from './params.ts'
import type { OutputField, SearchRows } from './search-query.ts'
import type { CellValue } from './types.ts'

/** `scales`: numeric cells' loaded scales, per row and column (`SearchRows.scales`); csv/tsv only. */
export function formatRecords(fields: readonly OutputField[], rows: CellValue[][], format: RecordsFormat, scales?: SearchRows['scales']): unknown[] | string {
  switch (format) {
    case 'objects':
      return rows.map((row) => {
        const object: Record<string, CellValue> = {}
        for (let i = 0; i < fields.length; i++) setOwn(object, fields[i]!.id, row[i] ?? null)
        return object
      })
    case 'lists':
      return rows
    case 'csv':
      return delimited(fields, rows, ',', scales)
    case 'tsv':
      return delimited(fields, rows, '\t', scales)
  }
}

function delimited(fields: readonly OutputField[], rows: CellValue[][], delimiter: string, scales: SearchRows['scales']): string {
  const single = fields.length === 1
  const lines = new Array<string>(rows.length + 1)
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!
    const rowScales = scales?.[r]
    let line = copyCell(fields[0]!, row[0] ?? null, delimiter, single, rowScales?.[0])
    for (let i = 1; i < fields.length; i++) line += delimiter + copyCell(fields[i]!, row[i] ?? null, delimiter, single, rowScales?.[i])
    lines[r] = line
  }
  lines[rows.length] = ''
  return rows.length === 0 ? '' : lines.join('\n')
}

const NEEDS_QUOTES = /["\r\n]/

/**
 * One cell the way COPY writes it: NULL is an empty unquoted field (CKAN turns a NULL json cell into
 * `null`); booleans are `t`/`f`; json its JSON text; a numeric a plain decimal with at least `scale`
 * fraction digits. A value is quoted ("" doubling quotes) when it is empty, holds the delimiter, a
 * quote, CR or LF, or is `\.` alone on its line.
 */
export function copyCell(field: OutputField, value: CellValue, delimiter: string, single: boolean, scale?: number): string {
  if (value === null) return field.type === 'json' ? 'null' : ''
  let text: string
  if (field.type === 'json') text = JSON.stringify(value)
  else if (field.type === 'numeric' && typeof value === 'number') text = scaledText(String(value), scale)
  else if (typeof value === 'string') text = value
  else if (typeof value === 'boolean') text = value ? 't' : 'f'
  else if (typeof value === 'number') text = String(value)
  else text = JSON.stringify(value)
  const quote = text === '' || text.includes(delimiter) || NEEDS_QUOTES.test(text) || (single && text === '\\.')
  return quote ? `"${text.replaceAll('"', '""')}"` : text
}
