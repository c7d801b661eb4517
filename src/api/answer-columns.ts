// How a parsed answer crosses from a worker to the page (the live-answer worker and the demo engine's
// both use it): its records as columns (record-columns.ts), packed a few together into a part with
// their buffers transferred, then the rest of the answer without records; the page rebuilds it with
// read-only record views over the columns.
import type { ParseOutcome } from './parse-response.ts'
import { batchTransferables, fromColumns, packColumns, toColumns, unpackColumns, type ColumnBatch, type RecordColumn } from './record-columns.ts'

/**
 * Columns are packed together up to about this many characters of text a part: each part is one
 * message, read by the page in one task, so no part takes long to read, and an answer of 10,000
 * short fields is a few messages, not 10,000.
 */
export const PART_CHARS = 1 << 20

/** The answer minus its records, and how many records the columns sent before it hold. */
export interface AnswerRest {
  outcome: ParseOutcome
  count: number
}

/** Posts `outcome`'s records as columns, a few per part, through `postPart`; returns the rest to post after them. */
export function handOffAnswer(outcome: ParseOutcome, postPart: (part: ColumnBatch, transfer: ArrayBuffer[]) => void): AnswerRest {
  if (!outcome.ok) return { outcome, count: 0 }
  const { records, fields } = outcome.result
  const { count, columns } = toColumns(records, fields.map((field) => field.id))
  let batch: RecordColumn[] = []
  let chars = 0
  const flush = () => {
    if (batch.length === 0) return
    const part = packColumns(batch, count)
    postPart(part, batchTransferables(part))
    batch = []
    chars = 0
  }
  for (const column of columns) {
    batch.push(column)
    chars += column.text.length + column.kinds.length
    if (chars >= PART_CHARS) flush()
  }
  flush()
  return { outcome: { ok: true, result: { ...outcome.result, records: [] } }, count }
}

/** The answer on the page: the rest with its records as views over the columns received. */
export function takeOverAnswer({ outcome, count }: AnswerRest, parts: readonly ColumnBatch[]): ParseOutcome {
  return outcome.ok ? { ok: true, result: { ...outcome.result, records: fromColumns({ count, columns: parts.flatMap(unpackColumns) }) } } : outcome
}
