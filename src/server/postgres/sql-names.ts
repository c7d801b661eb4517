// Names in SQL: every table, schema and column name is a quoted identifier, never spliced text
// (`ident`, the one quoting every SQL engine of the project uses).
import { ident } from '../../sql/load.ts'

export { ident }

export function tableRef(schema: string, table: string): string {
  return `${ident(schema)}.${ident(table)}`
}

/** The column that holds each record's searchable text: the lowercase cell texts joined by U+0001. */
export const SEARCH_COLUMN = '_search_text'
/** Columns that are never fields: ours, and CKAN's own full-text column. */
export const HIDDEN_COLUMNS: ReadonlySet<string> = new Set(['_id', SEARCH_COLUMN, '_full_text'])
