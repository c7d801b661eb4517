// Names in SQL: every table, schema and column name is a quoted identifier, never spliced text.

/** A quoted identifier: `a"b` -> `"a""b"`. PostgreSQL refuses NUL in names, so a name with one is refused here too. */
export function ident(name: string): string {
  if (name.includes('\u0000')) throw new RangeError('a name cannot contain the NUL character')
  return `"${name.replaceAll('"', '""')}"`
}

export function tableRef(schema: string, table: string): string {
  return `${ident(schema)}.${ident(table)}`
}

/** The column that holds each record's searchable text: the lowercase cell texts joined by U+0001. */
export const SEARCH_COLUMN = '_search_text'
/** Columns that are never fields: ours, and CKAN's own full-text column. */
export const HIDDEN_COLUMNS: ReadonlySet<string> = new Set(['_id', SEARCH_COLUMN, '_full_text'])
