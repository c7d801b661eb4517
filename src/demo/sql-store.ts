// The seam between the SQL worker (which resources exist, loading them on demand, progress) and the
// SQL rules (the checks, the table layout, the answer's shape), which are the server's and live in one
// browser-safe module shared by both. The worker only hosts; it decides nothing about SQL.
import type { CellValue, FieldInfo } from '../engine/index.ts'

export interface SqlAnswer {
  status: number
  /** The CKAN envelope, as the server sends it. */
  body: unknown
}

export interface SqlStore {
  /** Creates the resource's table (`_id` and its fields) and fills it from pages of rows (`_id` first). */
  loadTable(resourceId: string, fields: readonly FieldInfo[], pages: AsyncIterable<CellValue[][]>): Promise<void>
  /** `datastore_search_sql`'s answer to these parameters (`{sql}`), over the tables loaded so far. */
  answer(params: unknown): Promise<SqlAnswer>
}
