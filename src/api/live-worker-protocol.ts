// The wire protocol of the live-answer worker (src/api/live-worker.ts): the page asks it to send one
// request and parse the answer; it answers with progress, the records in slices, then the rest of the
// parsed answer, or a transport failure to rebuild. Every message carries the request's id.
import type { HttpRequestSpec } from '../query/request-builder.ts'
import type { DatastoreRecord, ParseContext, ParseOutcome } from './parse-response.ts'
import type { TransferProgress, TransportFailureKind } from './transport.ts'

export type ToLiveWorker =
  | { kind: 'search'; id: number; spec: HttpRequestSpec; context: ParseContext; timeoutMs?: number }
  | { kind: 'cancel'; id: number }

/** A TransportError as plain data (an Error's class does not survive postMessage). */
export interface TransportFailure {
  kind: TransportFailureKind
  message: string
  details: { phase?: 'connect' | 'body'; receivedBytes?: number; timeoutMs?: number }
}

export type FromLiveWorker =
  | { kind: 'progress'; id: number; progress: TransferProgress }
  /** A slice of the records, in order; each is its own message so no one message takes long to read. */
  | { kind: 'records'; id: number; records: DatastoreRecord[] }
  /** The parsed answer; on success its `records` is empty and the slices sent before hold them. */
  | { kind: 'answered'; id: number; status: number; elapsedMs: number; outcome: ParseOutcome }
  | { kind: 'transport-failed'; id: number; failure: TransportFailure }
  /** Something unexpected broke in the worker; the page reads this answer itself instead. */
  | { kind: 'failed'; id: number; message: string }
