// The wire protocol of the live-answer worker (src/api/live-worker.ts): the page asks it to send one
// request and parse the answer (or to parse an answer the page received itself); it answers with
// progress, the records in columns (see record-columns.ts), a few at a time, then the rest of the
// parsed answer, or a transport failure to rebuild. Every message carries the request's id.
import type { HttpRequestSpec } from '../query/request-builder.ts'
import type { ParseContext, ParseOutcome } from './parse-response.ts'
import type { ColumnBatch } from './record-columns.ts'
import type { RawResponse, TransferProgress, TransportFailureKind } from './transport.ts'

export type ToLiveWorker =
  | { kind: 'search'; id: number; spec: HttpRequestSpec; context: ParseContext; timeoutMs?: number; maxBytes?: number }
  /** An answer the page fetched itself, too big to parse there. */
  | { kind: 'parse'; id: number; raw: RawResponse; context: ParseContext }
  | { kind: 'cancel'; id: number }

/** A TransportError as plain data (an Error's class does not survive postMessage). */
export interface TransportFailure {
  kind: TransportFailureKind
  message: string
  details: { phase?: 'connect' | 'body'; receivedBytes?: number; timeoutMs?: number; limitBytes?: number }
}

export type FromLiveWorker =
  | { kind: 'progress'; id: number; progress: TransferProgress }
  /** Columns of the records, a few packed per message, their buffers transferred (answer-columns.ts). */
  | { kind: 'columns'; id: number; part: ColumnBatch }
  /** The parsed answer; on success its `records` is empty: the `count` records are in the columns sent before. */
  | { kind: 'answered'; id: number; status: number; elapsedMs: number; outcome: ParseOutcome; count: number }
  | { kind: 'transport-failed'; id: number; failure: TransportFailure }
  /** Something unexpected broke in the worker; the page reads this answer itself instead. */
  | { kind: 'failed'; id: number; message: string }
