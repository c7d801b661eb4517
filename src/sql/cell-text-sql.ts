// The engine's text of a cell (src/engine/cell-text.ts: what `q` searches and `filters` compare) as a
// PostgreSQL expression, for every store and statement that must search as the engine does: the
// PostgreSQL store's searches and the live Group by statement. Null stays null.
//   text -> the value; numeric -> the shortest text that reads back as the same number (JavaScript
//   writes 1.50 as 1.5); date -> YYYY-MM-DD; timestamp -> YYYY-MM-DDTHH:MM:SS[.ffffff]; anything
//   else (integers, booleans, json) -> its own ::text.

export type CellTextKind = 'text' | 'numeric' | 'date' | 'timestamp' | 'other'

/** `column` is already a quoted identifier. */
export function cellTextSql(column: string, kind: CellTextKind): string {
  switch (kind) {
    case 'text':
      return column
    case 'numeric':
      return `trim_scale(${column})::text`
    case 'date':
      return `to_char(${column}, 'YYYY-MM-DD')`
    case 'timestamp':
      return `(to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS') || CASE WHEN date_trunc('second', ${column}) = ${column} THEN '' ELSE to_char(${column}, '.US') END)`
    case 'other':
      return `${column}::text`
  }
}
