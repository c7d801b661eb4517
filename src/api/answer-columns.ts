// How a parsed answer crosses from a worker to the page (the live-answer worker and the demo engine's
// both use it): its records as columns (record-columns.ts), each posted alone with its buffers
// transferred, then the rest of the answer without records; the page rebuilds it with read-only
// record views over the columns.
import type { ParseOutcome } from './parse-response.ts'
import { fromColumns, toColumns, type RecordColumn } from './record-columns.ts'

/** The answer minus its records, and how many records the columns sent before it hold. */
export interface AnswerRest {
  outcome: ParseOutcome
  count: number
}

/** Posts `outcome`'s records column by column through `postColumn`; returns the rest to post after them. */
export function handOffAnswer(outcome: ParseOutcome, postColumn: (column: RecordColumn, transfer: ArrayBuffer[]) => void): AnswerRest {
  if (!outcome.ok) return { outcome, count: 0 }
  const { records, fields } = outcome.result
  const columns = toColumns(records, fields.map((field) => field.id))
  for (const column of columns.columns) postColumn(column, [column.ends.buffer as ArrayBuffer, column.kinds.buffer as ArrayBuffer])
  return { outcome: { ok: true, result: { ...outcome.result, records: [] } }, count: columns.count }
}

/** The answer on the page: the rest with its records as views over the columns received. */
export function takeOverAnswer({ outcome, count }: AnswerRest, columns: RecordColumn[]): ParseOutcome {
  return outcome.ok ? { ok: true, result: { ...outcome.result, records: fromColumns({ count, columns }) } } : outcome
}
