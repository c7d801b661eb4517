// The wire protocol of the live-answer worker (src/api/live-worker.ts): the page asks it to send one
// request and parse the answer; it answers with progress, the records column by column (see
// record-columns.ts), then the rest of the parsed answer, or a transport failure to rebuild. Every
// message carries the request's id.
import type { HttpRequestSpec } from '../query/request-builder.ts'
import type { ParseContext, ParseOutcome } from './parse-response.ts'
import type { RecordColumn } from './record-columns.ts'
import type { TransferProgress, TransportFailureKind } from './transport.ts'

export type ToLiveWorker =
  | { kind: 'search'; id: number; spec: HttpRequestSpec; context: ParseContext; timeoutMs?: number; maxBytes?: number }
  | { kind: 'cancel'; id: number }

/** A TransportError as plain data (an Error's class does not survive postMessage). */
export interface TransportFailure {
  kind: TransportFailureKind
  message: string
  details: { phase?: 'connect' | 'body'; receivedBytes?: number; timeoutMs?: number; limitBytes?: number }
}

export type FromLiveWorker =
  | { kind: 'progress'; id: number; progress: TransferProgress }
  /** One column of the records, its buffers transferred; each is its own message so none takes long to read. */
  | { kind: 'column'; id: number; column: RecordColumn }
  /** The parsed answer; on success its `records` is empty: the `count` records are in the columns sent before. */
  | { kind: 'answered'; id: number; status: number; elapsedMs: number; outcome: ParseOutcome; count: number }
  | { kind: 'transport-failed'; id: number; failure: TransportFailure }
  /** Something unexpected broke in the worker; the page reads this answer itself instead. */
  | { kind: 'failed'; id: number; message: string }
