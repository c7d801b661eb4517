// A loaded resource's records as cell texts (cell-text.ts), in `_id` order, for copying into another
// store (the SQL engines load the same records the search serves).

import { StoredTable, type Table } from './table.ts'

/** Records `from` to `to` (0-based, end excluded) as [_id, cell text of each field...]. */
export function tableCellTexts(table: Table, from = 0, to = table.size): (string | null)[][] {
  if (!(table instanceof StoredTable)) throw new TypeError('tableCellTexts needs a table built by the engine')
  const positions = table.fields.map((_, index) => index)
  const rows: (string | null)[][] = []
  for (let record = from; record < Math.min(to, table.size); record++) rows.push([String(record + 1), ...table.fieldTexts(record, positions)])
  return rows
}
