// The SQL worker's wire protocol (PGlite in a worker of its own, answering `datastore_search_sql` in
// demo mode). Cancelling is terminating the worker: a running statement cannot be stopped otherwise.
import type { SerializedRequest, SerializedResponse } from './protocol.ts'

/** An added file the SQL worker may load as a table, under the id the demo engine gave it. */
export interface SqlOwnFile {
  resourceId: string
  file: File
}

/** What the worker is doing before it can answer: starting PostgreSQL, or loading a resource's rows. */
export interface SqlLoadProgress {
  stage: 'starting' | 'loading'
  /** The resource being loaded (`loading`). */
  title?: string
  done: number
  /** 0 when unknown. */
  total: number
}

export type ToSqlWorker =
  | { kind: 'request'; id: number; request: SerializedRequest }
  | { kind: 'files'; files: SqlOwnFile[] }
  /**
   * Start PostgreSQL now (the SQL mode was chosen), so the first statement need not wait for it; and
   * load `resourceId` (the resource shown) when it is a small demo resource.
   */
  | { kind: 'warm'; resourceId?: string }

export type FromSqlWorker =
  | { kind: 'response'; id: number; response: SerializedResponse }
  | { kind: 'progress'; id: number; progress: SqlLoadProgress }
  | { kind: 'failed'; id: number; message: string }
  /**
   * The start a `warm` asked for is over (PostgreSQL and its parser started, the small resource loaded;
   * or it failed, which the first statement is told): one for each `warm`, in their order.
   */
  | { kind: 'warmed' }
